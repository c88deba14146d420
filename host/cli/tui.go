package cli

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/swarmhost/swarmhost/host/eval"
)

// barWidth is the progress bar's width in cells.
const barWidth = 40

// Styles of the live view.
var (
	titleStyle = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("12"))
	labelStyle = lipgloss.NewStyle().Foreground(lipgloss.Color("8")).Width(20)
	barDone    = lipgloss.NewStyle().Foreground(lipgloss.Color("10"))
	barLeft    = lipgloss.NewStyle().Foreground(lipgloss.Color("8"))
	boxStyle   = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
)

// tickMsg asks the view to read the meter again; refreshMsg does once,
// for the last frame before the view ends.
type (
	tickMsg    struct{}
	refreshMsg struct{}
)

// liveView is the full-screen view of one running eval (Bubble Tea): a
// progress bar, the samples done and running, the members running, the
// live metric, the tokens (calls in flight included), the model
// connections in use, the retries and the time elapsed, read from the
// eval's Meter a few times a second.
type liveView struct {
	meter *eval.Meter
	p     eval.Progress
}

// Init starts the ticks.
func (v liveView) Init() tea.Cmd { return tick() }

func tick() tea.Cmd { return tea.Tick(redrawEvery, func(time.Time) tea.Msg { return tickMsg{} }) }

// Update reads the meter on every tick; the program ends by Quit from finish.
func (v liveView) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case tickMsg:
		v.p = v.meter.Snapshot()
		return v, tick()
	case refreshMsg:
		v.p = v.meter.Snapshot()
	}
	return v, nil
}

// View renders the eval's numbers.
func (v liveView) View() string { return renderLive(v.p) }

// renderLive is the view of one eval's progress.
func renderLive(p eval.Progress) string {
	if p.Eval == "" {
		return "starting…"
	}
	rows := []string{
		titleStyle.Render("swarmhost · " + p.Eval),
		bar(p.Done, p.Total) + fmt.Sprintf(" %d/%d", p.Done, p.Total),
		row("samples", fmt.Sprintf("%d done, %d running", p.Done, p.Active)),
		row("members running", fmt.Sprint(p.Running)),
		row("metric", liveMetricText(p)),
		row("tokens", fmt.Sprintf("%d (%d in finished samples)", max(p.CallTokens, p.Tokens), p.Tokens)),
		row("model connections", connectionsText(p)),
		row("retries", fmt.Sprint(p.Retries)),
		row("elapsed", p.Elapsed.Round(100*time.Millisecond).String()),
	}
	return boxStyle.Render(strings.Join(rows, "\n")) + "\n"
}

func row(label, value string) string { return labelStyle.Render(label) + value }

// bar is a progress bar of done out of total.
func bar(done, total int) string {
	filled := 0
	if total > 0 {
		filled = min(barWidth, done*barWidth/total)
	}
	return barDone.Render(strings.Repeat("█", filled)) + barLeft.Render(strings.Repeat("░", barWidth-filled))
}

func liveMetricText(p eval.Progress) string {
	if p.MetricName == "" {
		return "-"
	}
	if math.IsNaN(p.MetricValue) {
		return p.MetricName + " n/a"
	}
	return fmt.Sprintf("%s %.3f", p.MetricName, p.MetricValue)
}

func connectionsText(p eval.Progress) string {
	if p.Connections == 0 {
		return fmt.Sprintf("%d in use", p.CallsInFlight)
	}
	return fmt.Sprintf("%d of %d in use", p.CallsInFlight, p.Connections)
}

// startLive runs the live view on out (a terminal) until the returned stop
// is called. It reads no input and leaves signals to the host (Ctrl-C
// stops the run as usual), and uses the alternate screen, so the terminal
// is as it was once the view ends.
func startLive(out io.Writer, m *eval.Meter) (stop func()) {
	prog := tea.NewProgram(liveView{meter: m}, tea.WithOutput(out), tea.WithInput(nil), tea.WithAltScreen(),
		tea.WithoutSignalHandler())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = prog.Run()
	}()
	return func() {
		prog.Send(refreshMsg{}) // the final numbers, then the end
		prog.Quit()
		<-done
	}
}
