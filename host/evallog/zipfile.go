package evallog

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"time"
)

// Zip record signatures and sizes (APPNOTE.TXT 4.3).
const (
	zipLocalSig   = 0x04034b50
	zipCentralSig = 0x02014b50
	zipEndSig     = 0x06054b50
	zipLocalLen   = 30
	zipCentralLen = 46
	zipEndLen     = 22
	zipDeflate    = 8
	zipUTF8       = 0x0800
	zipVersion    = 20
	// zipMaxEntries and zipMaxSize are the limits of a zip without zip64 records.
	zipMaxEntries = 0xffff
	zipMaxSize    = 0xffffffff
)

// zipEntry is one member of the archive as the central directory lists it.
type zipEntry struct {
	name         string
	offset       int64 // of its local header
	crc          uint32
	csize, usize uint64
	modTime      time.Time
}

// zipLevel is the deflate level of an .eval log's files: the fastest. On a
// sample of a react swarm's log (148 KB of JSON) it takes 1.3 ms where the
// default level takes 6.2 ms, for a file 42 % larger (16.2 KB against
// 11.4 KB). Any zip reader, Inspect's included, reads either.
const zipLevel = flate.BestSpeed

// newFlater is a deflate writer at zipLevel. A new one allocates its tables, over a megabyte,
// so a zipAppender keeps its own for every member ([flate.Writer.Reset]). (A sync.Pool of them
// missed whenever a member's write resumed on another P, as aheadWriter makes it do, and
// allocated a new one: 3.6 MB more for a 10-member run.)
func newFlater() *flate.Writer {
	w, _ := flate.NewWriter(io.Discard, zipLevel) // a valid level: never an error
	return w
}

// end is where the entry's data ends.
func (e zipEntry) end() int64 { return e.offset + zipLocalLen + int64(len(e.name)) + int64(e.csize) }

// zipAppender adds members to a zip file in place: each goes where the central directory
// was, and the directory (every member but those dropped) is written again after it. So the
// file is a complete zip after every add, except while one is being written: a crash then
// leaves members without a directory, which openZipAppender recovers by scanning the local
// headers. Not safe for concurrent use.
type zipAppender struct {
	f       *os.File
	entries []zipEntry
	// dirAt is where the central directory starts: the end of the last member's data.
	dirAt int64
	// fw deflates every member in turn (see newFlater); nil until the first.
	fw *flate.Writer
}

// add writes one member, deflated, from write, and the directory after it. A member of the
// same name is replaced (dropped from the directory; its bytes stay as dead space).
func (z *zipAppender) add(name string, write func(io.Writer) error) error {
	if len(z.entries) >= zipMaxEntries {
		return fmt.Errorf("evallog: an .eval log holds at most %d files (use --log-format json)", zipMaxEntries)
	}
	e := zipEntry{name: name, offset: z.dirAt, modTime: time.Now()}
	if _, err := z.f.Seek(e.offset, io.SeekStart); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(z.f, 64<<10)
	if _, err := bw.Write(localHeader(e)); err != nil {
		return err
	}
	counted := &countWriter{w: bw}
	if z.fw == nil {
		z.fw = newFlater()
	}
	fw := z.fw
	fw.Reset(counted)
	sum := &crcWriter{w: fw, h: crc32.NewIEEE()}
	ahead := newAheadWriter(sum)
	if err := write(ahead); err != nil {
		ahead.Abort()
		return err
	}
	if err := ahead.Close(); err != nil {
		return err
	}
	if err := fw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	e.crc, e.csize, e.usize = sum.h.(hash.Hash32).Sum32(), uint64(counted.n), uint64(sum.n)
	if e.end() > zipMaxSize {
		return fmt.Errorf("evallog: an .eval log is limited to 4 GiB (use --log-format json)")
	}
	if _, err := z.f.WriteAt(localHeader(e), e.offset); err != nil {
		return err
	}
	z.entries = slices.DeleteFunc(z.entries, func(o zipEntry) bool { return o.name == name })
	z.entries = append(z.entries, e)
	z.dirAt = e.end()
	return z.writeDirectory()
}

// drop removes members from the directory (their bytes stay as dead space) and rewrites it.
func (z *zipAppender) drop(names ...string) error {
	z.entries = slices.DeleteFunc(z.entries, func(e zipEntry) bool { return slices.Contains(names, e.name) })
	return z.writeDirectory()
}

// has reports whether the directory lists name.
func (z *zipAppender) has(name string) bool {
	return slices.ContainsFunc(z.entries, func(e zipEntry) bool { return e.name == name })
}

// writeDirectory writes the central directory and its end record at dirAt and cuts the file
// there.
func (z *zipAppender) writeDirectory() error {
	var buf []byte
	for _, e := range z.entries {
		buf = append(buf, centralHeader(e)...)
	}
	size := len(buf)
	end := make([]byte, zipEndLen)
	binary.LittleEndian.PutUint32(end[0:], zipEndSig)
	binary.LittleEndian.PutUint16(end[8:], uint16(len(z.entries)))
	binary.LittleEndian.PutUint16(end[10:], uint16(len(z.entries)))
	binary.LittleEndian.PutUint32(end[12:], uint32(size))
	binary.LittleEndian.PutUint32(end[16:], uint32(z.dirAt))
	buf = append(buf, end...)
	if _, err := z.f.WriteAt(buf, z.dirAt); err != nil {
		return err
	}
	return z.f.Truncate(z.dirAt + int64(len(buf)))
}

// localHeader is an entry's local file header and name.
func localHeader(e zipEntry) []byte {
	b := make([]byte, zipLocalLen, zipLocalLen+len(e.name))
	binary.LittleEndian.PutUint32(b[0:], zipLocalSig)
	binary.LittleEndian.PutUint16(b[4:], zipVersion)
	binary.LittleEndian.PutUint16(b[6:], zipUTF8)
	binary.LittleEndian.PutUint16(b[8:], zipDeflate)
	dosTime, dosDate := msDosTime(e.modTime)
	binary.LittleEndian.PutUint16(b[10:], dosTime)
	binary.LittleEndian.PutUint16(b[12:], dosDate)
	binary.LittleEndian.PutUint32(b[14:], e.crc)
	binary.LittleEndian.PutUint32(b[18:], uint32(e.csize))
	binary.LittleEndian.PutUint32(b[22:], uint32(e.usize))
	binary.LittleEndian.PutUint16(b[26:], uint16(len(e.name)))
	return append(b, e.name...)
}

// centralHeader is an entry's central directory record and name.
func centralHeader(e zipEntry) []byte {
	b := make([]byte, zipCentralLen, zipCentralLen+len(e.name))
	binary.LittleEndian.PutUint32(b[0:], zipCentralSig)
	binary.LittleEndian.PutUint16(b[4:], 3<<8|zipVersion) // made by Unix
	binary.LittleEndian.PutUint16(b[6:], zipVersion)
	binary.LittleEndian.PutUint16(b[8:], zipUTF8)
	binary.LittleEndian.PutUint16(b[10:], zipDeflate)
	dosTime, dosDate := msDosTime(e.modTime)
	binary.LittleEndian.PutUint16(b[12:], dosTime)
	binary.LittleEndian.PutUint16(b[14:], dosDate)
	binary.LittleEndian.PutUint32(b[16:], e.crc)
	binary.LittleEndian.PutUint32(b[20:], uint32(e.csize))
	binary.LittleEndian.PutUint32(b[24:], uint32(e.usize))
	binary.LittleEndian.PutUint16(b[28:], uint16(len(e.name)))
	binary.LittleEndian.PutUint32(b[38:], 0o100644<<16) // a regular file, rw-r--r--
	binary.LittleEndian.PutUint32(b[42:], uint32(e.offset))
	return append(b, e.name...)
}

// msDosTime is t in MS-DOS date and time fields (local time, 2-second precision).
func msDosTime(t time.Time) (uint16, uint16) {
	t = t.Local()
	if t.Year() < 1980 {
		t = time.Date(1980, 1, 1, 0, 0, 0, 0, time.Local)
	}
	return uint16(t.Hour()<<11 | t.Minute()<<5 | t.Second()/2),
		uint16((t.Year()-1980)<<9 | int(t.Month())<<5 | t.Day())
}

// scanLocalHeaders recovers the members of a zip whose directory is missing or damaged (a
// crash during an add): the members from the start, each one whose header and data are
// complete and whose data matches its CRC, up to the first that is not.
func scanLocalHeaders(f *os.File) ([]zipEntry, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var out []zipEntry
	at := int64(0)
	head := make([]byte, zipLocalLen)
	for at+zipLocalLen <= info.Size() {
		if _, err := f.ReadAt(head, at); err != nil || binary.LittleEndian.Uint32(head) != zipLocalSig {
			break
		}
		e := zipEntry{offset: at, crc: binary.LittleEndian.Uint32(head[14:]),
			csize: uint64(binary.LittleEndian.Uint32(head[18:])), usize: uint64(binary.LittleEndian.Uint32(head[22:])),
			modTime: time.Now()}
		name := make([]byte, binary.LittleEndian.Uint16(head[26:]))
		extra := int64(binary.LittleEndian.Uint16(head[28:]))
		if extra != 0 || e.csize == 0 || binary.LittleEndian.Uint16(head[8:]) != zipDeflate {
			break
		}
		if _, err := f.ReadAt(name, at+zipLocalLen); err != nil {
			break
		}
		e.name = string(name)
		if e.end() > info.Size() || !entryIntact(f, e) {
			break
		}
		out = append(out, e)
		at = e.end()
	}
	if len(out) == 0 {
		return nil, errors.New("evallog: no complete file in the .eval log")
	}
	return out, nil
}

// entryIntact reads an entry's data back and checks its CRC and size.
func entryIntact(f *os.File, e zipEntry) bool {
	r := flate.NewReader(io.NewSectionReader(f, e.offset+zipLocalLen+int64(len(e.name)), int64(e.csize)))
	defer r.Close()
	h := crc32.NewIEEE()
	n, err := io.Copy(h, r)
	return err == nil && uint64(n) == e.usize && h.Sum32() == e.crc
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// crcWriter sums and counts the bytes written through it.
type crcWriter struct {
	w io.Writer
	h hash.Hash
	n int64
}

func (c *crcWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.h.Write(p[:n])
	c.n += int64(n)
	return n, err
}
