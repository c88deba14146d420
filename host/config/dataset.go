package config

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Dataset is a task's `dataset` block (SPEC §11): either a file (`file`,
// `format`, `fields`) or inline `sample` blocks written inside the dataset
// block — never both, and inline samples never directly in the task.
// shuffle, seed, limit and auto_id apply to both kinds.
type Dataset struct {
	// File is the absolute path of the data file ("" for inline samples); a
	// relative file is resolved against the suite directory and must exist.
	File string `json:"file,omitempty"`
	// Format is "json" (a list of objects), "jsonl" or "csv"; it defaults
	// from the file's extension. Empty for inline samples.
	Format string `json:"format,omitempty"`
	// Shuffle shuffles the samples, with Seed when set.
	Shuffle bool   `json:"shuffle"`
	Seed    *int64 `json:"seed,omitempty"`
	// Limit keeps the first Limit samples (after shuffling); nil keeps all.
	Limit *int64 `json:"limit,omitempty"`
	// AutoID numbers the samples 1…n, replacing their own ids. Without it,
	// samples that have no id are numbered by position.
	AutoID bool `json:"auto_id"`
	// Fields maps Inspect's field names to the file's (see [Fields]).
	Fields Fields `json:"fields"`
	// Samples are the inline samples, in order.
	Samples []*Sample `json:"samples,omitempty"`
	// AllowFilesOutside are absolute directories (or files) a sample's
	// files may be read from besides the suite's and the dataset file's
	// directories (issue 27: a dataset's files copied any host file into
	// every sandbox); relative entries resolve against the suite directory.
	AllowFilesOutside []string `json:"allow_files_outside,omitempty"`
	// DefRange is the block header; FileRange the file attribute, for
	// errors while reading the file later.
	DefRange  hcl.Range `json:"-"`
	FileRange hcl.Range `json:"-"`
}

// Dataset formats.
const (
	FormatJSON  = "json"
	FormatJSONL = "jsonl"
	FormatCSV   = "csv"
)

var datasetSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "file"}, {Name: "format"}, {Name: "shuffle"}, {Name: "seed"}, {Name: "limit"}, {Name: "auto_id"},
		{Name: "allow_files_outside"},
	},
	Blocks: []hcl.BlockHeaderSchema{{Type: "fields"}, {Type: "sample"}},
}

// dataset decodes a dataset block.
func (d *decoder) dataset(b *hcl.Block) *Dataset {
	ds := &Dataset{DefRange: b.DefRange, FileRange: b.DefRange, Fields: defaultFields()}
	c := d.content(b.Body, datasetSchema)
	ds.Shuffle, _ = d.boolean(c.Attributes["shuffle"])
	ds.AutoID, _ = d.boolean(c.Attributes["auto_id"])
	if n, ok := d.whole(c.Attributes["seed"], -1<<63); ok {
		ds.Seed = &n
	}
	ds.Limit = d.optWhole(c.Attributes["limit"])
	if a := c.Attributes["allow_files_outside"]; a != nil {
		dirs, _ := d.strList(a)
		for _, dir := range dirs {
			if dir == "" {
				d.report(errorAt(a.Expr.Range(), "Empty path in allow_files_outside", "Name directories (or files) a sample's files may be read from."))
				continue
			}
			ds.AllowFilesOutside = append(ds.AllowFilesOutside, absPath(d.p.Dir, dir))
		}
	}
	samples := ofType(c.Blocks, "sample")
	fields := d.single(c.Blocks, "fields")
	file := c.Attributes["file"]
	switch {
	case file != nil && len(samples) > 0:
		d.report(errorAt(samples[0].DefRange, "Both file and samples", "A dataset reads a file or lists sample blocks, not both."))
	case file != nil:
		d.datasetFile(ds, file, c.Attributes["format"])
		if fields != nil {
			ds.Fields = d.fields(fields)
		}
	case len(samples) > 0:
		d.inlineOnly(c, fields)
		ds.Samples = d.samples(samples)
	default:
		d.report(errorAt(b.DefRange, "Empty dataset", `Give file = "…" (json, jsonl or csv) or one or more sample blocks.`))
	}
	return ds
}

// inlineOnly reports file-only settings given with inline samples.
func (d *decoder) inlineOnly(c *hcl.BodyContent, fields *hcl.Block) {
	if a := c.Attributes["format"]; a != nil {
		d.report(errorAt(a.Range, "Format without a file", "format applies to a dataset file, not to inline samples."))
	}
	if fields != nil {
		d.report(errorAt(fields.DefRange, "Fields without a file", "fields maps a file's columns; inline samples use Inspect's names directly."))
	}
}

// datasetFile resolves and checks the file and its format.
func (d *decoder) datasetFile(ds *Dataset, file, format *hcl.Attribute) {
	ds.FileRange = file.Expr.Range()
	name, ok := d.str(file)
	if !ok {
		return
	}
	ds.File = absPath(d.p.Dir, name)
	if info, err := os.Stat(ds.File); err != nil {
		d.report(errorf(ds.FileRange, "Dataset file not found", "%s (%q relative to the suite directory).", strings.TrimPrefix(err.Error(), "stat "), name))
	} else if info.IsDir() {
		d.report(errorf(ds.FileRange, "Dataset file is a directory", "%s is a directory; name a json, jsonl or csv file.", ds.File))
	}
	if format != nil {
		ds.Format, _ = d.enum(format, FormatJSON, FormatJSONL, FormatCSV)
		return
	}
	ds.Format = strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	if ds.Format != FormatJSON && ds.Format != FormatJSONL && ds.Format != FormatCSV {
		d.report(errorf(ds.FileRange, "Unknown dataset format",
			"Cannot tell the format of %q from its extension; add format = \"json\", \"jsonl\" or \"csv\".", name))
		ds.Format = ""
	}
}
