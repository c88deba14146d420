package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/swarmhost/swarmhost/host/study"
)

// printStudy prints the quantities and the paired differences of a study
// report, as the page's first two tables.
func printStudy(e env, r *study.Report) {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "QUANTITY\tARM\tVALUE\tSTDERR\tSAMPLES\tTOKENS/SAMPLE\t$/SAMPLE\tNOTE")
	for _, q := range r.Quantities {
		note := q.Note
		if q.Oracle {
			note = "oracle " + note
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n", q.Name, q.Arm, f3(q.Value), f3(q.Stderr), q.Samples,
			f1(q.Tokens), f4(q.Dollars), note)
	}
	_ = tw.Flush()
	if len(r.Pairs) == 0 {
		return
	}
	fmt.Fprintf(e.stdout, "\n")
	tw = tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "PAIR (A − B)\tMEAN\t%.0f%% INTERVAL\tSAMPLES\n", r.Bootstrap.Confidence*100)
	for _, p := range r.Pairs {
		interval := "-"
		if p.Low != nil {
			interval = fmt.Sprintf("[%+.3f, %+.3f]", *p.Low, *p.High)
		}
		mean := "-"
		if p.Mean != nil {
			mean = fmt.Sprintf("%+.3f", *p.Mean)
		}
		fmt.Fprintf(tw, "%s − %s\t%s\t%s\t%d\n", p.A, p.B, mean, interval, p.Samples)
	}
	_ = tw.Flush()
	for _, f := range r.Flags {
		fmt.Fprintf(e.stdout, "flag %s\n", f)
	}
}

func f3(p *float64) string { return fmtPtr("%.3f", p) }
func f1(p *float64) string { return fmtPtr("%.1f", p) }
func f4(p *float64) string { return fmtPtr("%.4f", p) }

func fmtPtr(format string, p *float64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf(format, *p)
}
