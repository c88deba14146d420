// Package report renders a study's comparison (host/study) as one
// self-contained HTML page: every style inline, every chart an inline SVG
// drawn here, no script and nothing fetched, so the page opens the same
// offline, in a mail attachment or in a browser that blocks scripts. Next
// to it go the same numbers as JSON and CSV (study.Report.WriteJSON and
// WriteCSV); [Write] writes all three.
//
// Every mark a chart draws and every number a table shows carries its
// value in a data-value attribute (and a chart's marks their k and cost),
// so a test in a real browser can check what rendered against the JSON.
package report
