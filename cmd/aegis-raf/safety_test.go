// SPDX-License-Identifier: MIT

package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aegisgo/aegis/common"
	"github.com/aegisgo/aegis/internal/testing/testdir"
)

// The tests of this file run aegis-raf as a process, so that exit
// statuses, signals and the standard streams are the real ones. The
// process is this test binary, which TestMain turns into aegis-raf, or
// the program that AEGIS_RAF_BIN names (to run these tests against
// another build, such as an older aegis-raf).
//
// Under user-mode emulation (go test -exec qemu-aarch64 ..., as
// .ci/cross.sh runs the module) these tests skip: the host cannot run
// the binary without qemu, and qemu-user forks a multi-threaded guest
// badly (a child can hang in a futex for good). The command's logic does
// not depend on the architecture; the tests that call run in process
// still run there. CI runs them natively with AEGIS_RAF_WANT_PROCESS=1,
// which turns that skip into a failure.

// needProcess skips the test under emulation (see above).
func needProcess(t *testing.T) {
	t.Helper()
	why := emulation()
	if why == "" {
		return
	}
	if os.Getenv("AEGIS_RAF_WANT_PROCESS") == "1" {
		t.Fatalf("AEGIS_RAF_WANT_PROCESS=1, but this looks like emulation (%s): the process tests would skip", why)
	}
	t.Skipf("skipped under emulation (%s): qemu-user cannot be trusted to fork this test binary; these tests run natively", why)
}

func TestMain(m *testing.M) {
	if os.Getenv("AEGIS_RAF_TEST_MAIN") == "1" {
		progressMin = testProgressMin
		signalAt(os.Getenv("AEGIS_RAF_TEST_SIGNAL"))
		main()
		return
	}
	os.Exit(m.Run())
}

// signalLateLine is what signalAt writes on stderr when the handler has
// left a signal's outcome alone.
const signalLateLine = "signalAt: a signal after the outcome was settled"

// signalAt, in aegis-raf run as this test binary, sends the process a
// signal at one point of the command, given as "N:commit" (signal N at
// the start of commit, before the rename) or "N:settled" (once the
// outcome is settled), and waits until the signal handler has dealt with
// it: by exiting, or by leaving the outcome alone. So the test sees the
// handler's answer to a signal at exactly that point.
func signalAt(spec string) {
	num, at, ok := strings.Cut(spec, ":")
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		return
	}
	late := make(chan struct{})
	testHookSignalLate = func() {
		// The test reads this line as the proof that the signal came,
		// and came once the outcome was settled.
		fmt.Fprintln(os.Stderr, signalLateLine)
		close(late)
	}
	raise := func() {
		if runtime.GOOS == "windows" {
			// A process cannot raise a signal here (os.Process.Signal
			// sends only Kill), so it goes to the handler's channel, as
			// Go delivers Ctrl-C (SIGINT) and a console's closing (SIGTERM).
			signals <- syscall.Signal(n)
		} else {
			p, _ := os.FindProcess(os.Getpid())
			if err := p.Signal(syscall.Signal(n)); err != nil {
				fmt.Fprintln(os.Stderr, "signalAt:", err)
				os.Exit(3)
			}
		}
		select {
		case <-late:
		case <-time.After(10 * time.Second):
			fmt.Fprintln(os.Stderr, "signalAt: the signal handler did not answer")
			os.Exit(3)
		}
	}
	switch at {
	case "commit":
		testHookCommit = func(*os.File) { raise() }
	case "settled":
		testHookSettled = raise
	}
}

// testProgressMin is the progress threshold of aegis-raf run as this
// test binary, so that the progress tests need not write 32 MiB (slow
// under AEGIS_IMPL=soft).
const testProgressMin = 1 << 20

// bigJob is the size of a job that shows progress in the aegis-raf under
// test.
func bigJob() int64 {
	if os.Getenv("AEGIS_RAF_BIN") != "" {
		return 32 << 20 // a real build's threshold
	}
	return testProgressMin
}

// cliCmd returns the command that runs aegis-raf with args in dir. The
// environment has AEGIS_RAF_KEY set to keyHex (unset if empty).
func cliCmd(t *testing.T, dir, keyHex string, args ...string) *exec.Cmd {
	t.Helper()
	needProcess(t)
	bin := os.Getenv("AEGIS_RAF_BIN")
	env := slices.DeleteFunc(os.Environ(), func(s string) bool {
		return strings.HasPrefix(s, "AEGIS_RAF_KEY=") || strings.HasPrefix(s, "AEGIS_RAF_TEST_MAIN=")
	})
	if bin == "" {
		bin = os.Args[0]
		// Under -race, a process waits 1 s at exit unless told not to.
		env = append(env, "AEGIS_RAF_TEST_MAIN=1", strings.TrimSpace("GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	}
	if keyHex != "" {
		env = append(env, "AEGIS_RAF_KEY="+keyHex)
	}
	c := exec.Command(bin, args...)
	c.Dir, c.Env = dir, env
	return c
}

type result struct {
	code           int
	stdout, stderr string
}

// runProc runs aegis-raf to its end, with stdin as its standard input (none
// if nil).
func runProc(t *testing.T, dir, keyHex string, stdin io.Reader, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	start := func() (*exec.Cmd, error) {
		c := cliCmd(t, dir, keyHex, args...)
		out.Reset()
		errb.Reset()
		c.Stdin, c.Stdout, c.Stderr = stdin, &out, &errb
		return c, c.Start()
	}
	c, err := start()
	if err != nil {
		// A process that did not start ran nothing, and read nothing of
		// stdin: wine now and then fails to create one ("fork/exec ...:
		// Internal error"). One more try tells that from a real failure.
		t.Logf("aegis-raf %q did not start (%v); once more", args, err)
		time.Sleep(200 * time.Millisecond)
		if c, err = start(); err != nil {
			t.Fatalf("aegis-raf %q: %v", args, err)
		}
	}
	err = c.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("aegis-raf %q: %v", args, err)
	}
	return result{c.ProcessState.ExitCode(), out.String(), errb.String()}
}

// listDir returns the names in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	for _, n := range listDir(t, dir) {
		if strings.Contains(n, ".aegis-raf-tmp-") {
			t.Errorf("temporary file %s left in %s", n, dir)
		}
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// noSymlinks says why the tests cannot make symbolic links here, or ""
// if they can. Only Windows is asked: there, making one takes developer
// mode or an administrator, and wine 8.0's CreateSymbolicLinkW reports
// success and creates nothing. Elsewhere a failure to make one fails the
// test.
func noSymlinks(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "windows" {
		return ""
	}
	if testdir.Wine() {
		return "wine 8.0's CreateSymbolicLinkW reports success and creates nothing"
	}
	link := filepath.Join(testdir.TempDir(t), "link")
	if err := os.Symlink("target", link); err != nil {
		return "this Windows account cannot make symbolic links: " + err.Error()
	}
	if got, err := os.Readlink(link); err != nil || got != "target" {
		return fmt.Sprintf("a symbolic link made here reads back as %q, %v", got, err)
	}
	return ""
}

// notExistText is how this OS words a missing file ("no such file or
// directory" on Unix, "The system cannot find the file specified." on
// Windows).
func notExistText(t *testing.T) string {
	t.Helper()
	_, err := os.Open(filepath.Join(testdir.TempDir(t), "missing"))
	var pe *os.PathError
	if !errors.As(err, &pe) {
		t.Fatalf("open of a missing file: %v", err)
	}
	return pe.Err.Error()
}

func needCore(t *testing.T) {
	if !common.Available {
		t.Skip("needs AEGIS: built with the without_aegis tag")
	}
}

// fixture is a directory with a plaintext file "plain" and its encryption
// "f.raf" under key16.
type fixture struct {
	dir          string
	key16, key32 string // hex
	plain        []byte
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	needCore(t)
	fx := &fixture{
		dir:   testdir.TempDir(t),
		key16: strings.Repeat("c35a", 8),
		key32: strings.Repeat("a5", 32),
		plain: bytes.Repeat([]byte("never destroy a file. "), 3000),
	}
	if err := os.WriteFile(filepath.Join(fx.dir, "plain"), fx.plain, 0o644); err != nil {
		t.Fatal(err)
	}
	// In process, so that the tests that go on in process also run
	// where the process tests skip.
	kf := filepath.Join(testdir.TempDir(t), "key")
	if err := os.WriteFile(kf, []byte(fx.key16), 0o600); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	if err := run([]string{"encrypt", "-chunk", "4096", "-keyfile", kf, "-in", fx.path("plain"), "-out", fx.path("f.raf")},
		nil, io.Discard, &errb); err != nil {
		t.Fatalf("encrypt: %v %s", err, errb.String())
	}
	return fx
}

func (fx *fixture) path(name string) string { return filepath.Join(fx.dir, name) }

// TestSameFileRefused: an input and an output that are one file, by the
// same name, another spelling, a hard link or a redirected standard
// stream, are refused, and the file is left as it was.
func TestSameFileRefused(t *testing.T) {
	fx := newFixture(t)
	if err := os.Link(fx.path("f.raf"), fx.path("link.raf")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(fx.path("plain"), fx.path("link.plain")); err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{"decrypt", "-in", "f.raf", "-out", "f.raf"},
		{"decrypt", "-in", "f.raf", "-out", "./f.raf"},
		{"decrypt", "-force", "-in", "f.raf", "-out", fx.path("f.raf")},
		{"decrypt", "-force", "-in", "./f.raf", "-out", "link.raf"},
		{"encrypt", "-force", "-in", "plain", "-out", "plain"},
		{"encrypt", "-force", "-in", "plain", "-out", "./plain"},
		{"encrypt", "-force", "-in", "plain", "-out", "link.plain"},
	}
	if why := noSymlinks(t); why == "" {
		if err := os.Symlink("f.raf", fx.path("sym.raf")); err != nil {
			t.Fatal(err)
		}
		cases = append(cases,
			[]string{"decrypt", "-force", "-in", "f.raf", "-out", "sym.raf"},
			[]string{"decrypt", "-force", "-in", "sym.raf", "-out", "link.raf"})
	} else {
		t.Log("the symlink cases are left out: " + why)
	}
	enc := readFile(t, fx.path("f.raf"))
	for _, args := range cases {
		r := runProc(t, fx.dir, fx.key16, nil, args...)
		if r.code != exitFailure || !strings.Contains(r.stderr, "same file") {
			t.Errorf("%q: exit %d, %q; want exit 1 and \"same file\"", args, r.code, r.stderr)
		}
		gotEnc, _ := os.ReadFile(fx.path("f.raf"))
		gotPlain, _ := os.ReadFile(fx.path("plain"))
		if !bytes.Equal(gotEnc, enc) || !bytes.Equal(gotPlain, fx.plain) {
			t.Errorf("%q changed its input", args)
			// Put both back, under both names, for the next case.
			for _, n := range []string{"f.raf", "link.raf", "plain", "link.plain"} {
				os.Remove(fx.path(n))
			}
			os.WriteFile(fx.path("f.raf"), enc, 0o600)
			os.WriteFile(fx.path("plain"), fx.plain, 0o600)
			os.Link(fx.path("f.raf"), fx.path("link.raf"))
			os.Link(fx.path("plain"), fx.path("link.plain"))
		}
	}
	// Standard input that is the output of encrypt, standard output that
	// is the input of decrypt (opened without truncating it).
	in, err := os.Open(fx.path("plain"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if r := runProc(t, fx.dir, fx.key16, in, "encrypt", "-force", "-out", "plain"); r.code != exitFailure || !strings.Contains(r.stderr, "same file") {
		t.Errorf("encrypt -out plain < plain: exit %d, %q", r.code, r.stderr)
	}
	out, err := os.OpenFile(fx.path("f.raf"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, args := range [][]string{{"decrypt", "-in", "f.raf"}, {"cat", "f.raf"}, {"cat", "link.raf"}} {
		c := cliCmd(t, fx.dir, fx.key16, args...)
		var errb bytes.Buffer
		c.Stdout, c.Stderr = out, &errb
		if err := c.Run(); c.ProcessState.ExitCode() != exitFailure || !strings.Contains(errb.String(), "same file") {
			t.Errorf("%q >> f.raf: %v, %q; want exit 1 and \"same file\"", args, err, errb.String())
		}
	}
	if !bytes.Equal(readFile(t, fx.path("f.raf")), enc) || !bytes.Equal(readFile(t, fx.path("plain")), fx.plain) {
		t.Fatal("a redirected standard stream changed the input")
	}
	assertNoTemps(t, fx.dir)
}

// TestExistingOutput: decrypt, like encrypt, keeps an existing output
// unless -force is given, and a failure under -force leaves it as it was.
func TestExistingOutput(t *testing.T) {
	fx := newFixture(t)
	precious := []byte("precious data")
	os.WriteFile(fx.path("out"), precious, 0o640)
	os.Chmod(fx.path("out"), 0o640) // whatever the umask
	r := runProc(t, fx.dir, fx.key16, nil, "decrypt", "-in", "f.raf", "-out", "out")
	if r.code != exitFailure || !strings.Contains(r.stderr, "exists") {
		t.Errorf("decrypt over an existing file: exit %d, %q", r.code, r.stderr)
	}
	if !bytes.Equal(readFile(t, fx.path("out")), precious) {
		t.Fatal("decrypt without -force replaced an existing file")
	}

	// A failure partway (a tampered last chunk) under -force.
	enc := readFile(t, fx.path("f.raf"))
	enc[len(enc)-20] ^= 1
	os.WriteFile(fx.path("bad.raf"), enc, 0o600)
	r = runProc(t, fx.dir, fx.key16, nil, "decrypt", "-force", "-in", "bad.raf", "-out", "out")
	if r.code != exitFailure || !strings.Contains(r.stderr, "tampered") {
		t.Errorf("decrypt of a tampered file: exit %d, %q", r.code, r.stderr)
	}
	if !bytes.Equal(readFile(t, fx.path("out")), precious) {
		t.Fatal("a failed decrypt -force changed or removed the existing output")
	}
	r = runProc(t, fx.dir, fx.key16, nil, "encrypt", "-force", "-alg", "256", "-in", "plain", "-out", "out")
	if r.code != exitFailure || !bytes.Equal(readFile(t, fx.path("out")), precious) {
		t.Fatalf("a failed encrypt -force (key too short for -alg): exit %d, %q; the output changed: %v",
			r.code, r.stderr, !bytes.Equal(readFile(t, fx.path("out")), precious))
	}
	assertNoTemps(t, fx.dir)

	// Success under -force replaces it and keeps its permission bits; a
	// new file is 0600.
	if r := runProc(t, fx.dir, fx.key16, nil, "decrypt", "-force", "-in", "f.raf", "-out", "out"); r.code != 0 {
		t.Fatalf("decrypt -force: %+v", r)
	}
	if !bytes.Equal(readFile(t, fx.path("out")), fx.plain) {
		t.Error("decrypt -force: wrong content")
	}
	if r := runProc(t, fx.dir, fx.key16, nil, "decrypt", "-in", "f.raf", "-out", "new"); r.code != 0 {
		t.Fatalf("decrypt: %+v", r)
	}
	for name, want := range map[string]os.FileMode{"out": 0o640, "new": 0o600} {
		if runtime.GOOS == "windows" {
			break // no permission bits: Go shows only the read-only attribute
		}
		if fi, err := os.Stat(fx.path(name)); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v, %v; want mode %v", name, fi.Mode(), err, want)
		}
	}
	assertNoTemps(t, fx.dir)
}

// TestSymlinkTarget: -force through a symbolic link replaces the file it
// names and keeps the link.
func TestSymlinkTarget(t *testing.T) {
	if why := noSymlinks(t); why != "" {
		t.Skip(why)
	}
	fx := newFixture(t)
	os.Mkdir(fx.path("sub"), 0o700)
	os.WriteFile(fx.path("sub/real"), []byte("old"), 0o600)
	if err := os.Symlink("sub/real", fx.path("link")); err != nil {
		t.Fatal(err)
	}
	if r := runProc(t, fx.dir, fx.key16, nil, "decrypt", "-force", "-in", "f.raf", "-out", "link"); r.code != 0 {
		t.Fatalf("decrypt: %+v", r)
	}
	if fi, err := os.Lstat(fx.path("link")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v %v", fi.Mode(), err)
	}
	if !bytes.Equal(readFile(t, fx.path("sub/real")), fx.plain) {
		t.Error("the file behind the symlink does not hold the plaintext")
	}
	assertNoTemps(t, fx.path("sub"))
	assertNoTemps(t, fx.dir)
}

// TestDanglingSymlinkRefused: an -out that is a symbolic link to nothing
// is refused by encrypt and decrypt, with or without -force: nothing is
// created through it, and the link stays as it was.
func TestDanglingSymlinkRefused(t *testing.T) {
	if why := noSymlinks(t); why != "" {
		t.Skip(why)
	}
	fx := newFixture(t)
	os.Mkdir(fx.path("sub"), 0o700)
	if err := os.Symlink("missing", fx.path("chain")); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"missing", fx.path("sub/missing"), "sub/missing", "chain"} {
		for _, args := range [][]string{
			{"encrypt", "-in", "plain", "-out", "dang"},
			{"encrypt", "-force", "-in", "plain", "-out", "dang"},
			{"decrypt", "-in", "f.raf", "-out", "dang"},
			{"decrypt", "-force", "-in", "f.raf", "-out", "dang"},
		} {
			os.Remove(fx.path("dang"))
			if err := os.Symlink(target, fx.path("dang")); err != nil {
				t.Fatal(err)
			}
			r := runProc(t, fx.dir, fx.key16, nil, args...)
			want := "dang is a symbolic link to " + target + ", which does not exist"
			if target == "chain" {
				want = "dang is a symbolic link to chain, which leads to no file"
			}
			if r.code != exitFailure || !strings.Contains(r.stderr, want) ||
				strings.Contains(r.stderr, "appeared") {
				t.Errorf("%q, dang -> %s: exit %d, %q; want exit 1 and a refusal of the dangling link", args, target, r.code, r.stderr)
			}
			if got, err := os.Readlink(fx.path("dang")); err != nil || got != target {
				t.Errorf("%q: the link is now %q, %v; want it kept, to %s", args, got, err, target)
			}
			for _, n := range []string{"missing", "sub/missing"} {
				if _, err := os.Lstat(fx.path(n)); err == nil {
					t.Errorf("%q: %s was created through the link", args, n)
					os.Remove(fx.path(n))
				}
			}
			assertNoTemps(t, fx.dir)
			assertNoTemps(t, fx.path("sub"))
		}
	}
}

// TestSignalLeavesNoTemp interrupts encrypt while it reads a pipe that
// is held open: its output must not appear (or, under -force, must keep
// its old content), and no temporary may be left.
func TestSignalLeavesNoTemp(t *testing.T) {
	needCore(t)
	if runtime.GOOS == "windows" {
		t.Skip("Windows sends no signal to another process (os.Process.Signal only kills); TestSignalAfterPlaced hands the handler its signals there")
	}
	for _, c := range []struct {
		sig   syscall.Signal
		force bool
	}{{syscall.SIGTERM, false}, {syscall.SIGINT, true}, {sigHUP, false}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			if signal.Ignored(c.sig) {
				// Ignored here (the tests run under nohup, say), it is
				// ignored in aegis-raf too, which keeps it so
				// (TestIgnoredSignalStaysIgnored) and would never stop.
				t.Skipf("%v is ignored in this process, so in aegis-raf's too", c.sig)
			}
			dir := testdir.TempDir(t)
			args := []string{"encrypt", "-out", "out.raf"}
			old := []byte("the old content")
			if c.force {
				os.WriteFile(filepath.Join(dir, "out.raf"), old, 0o600)
				args = append(args, "-force")
			}
			cmd := cliCmd(t, dir, strings.Repeat("11", 16), args...)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			w, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Once the writes return, aegis-raf has read all but a pipe's
			// buffer of them, so its output is open and partly written.
			block := make([]byte, 1<<20)
			for range 4 {
				if _, err := w.Write(block); err != nil {
					cmd.Wait()
					t.Fatalf("write to aegis-raf: %v; stderr %q", err, errb.String())
				}
			}
			var tmp []string
			for _, n := range listDir(t, dir) {
				if strings.HasPrefix(n, ".out.raf.aegis-raf-tmp-") {
					tmp = append(tmp, n)
				}
			}
			if len(tmp) != 1 {
				t.Errorf("before the signal: %q; want one temporary .out.raf.aegis-raf-tmp-*", listDir(t, dir))
			}
			cmd.Process.Signal(c.sig)
			err = cmd.Wait()
			w.Close()
			if err == nil {
				t.Error("aegis-raf exited 0 after a signal")
			} else if code := cmd.ProcessState.ExitCode(); code != 128+int(c.sig) {
				t.Errorf("exit status %d (%v); want %d", code, err, 128+int(c.sig))
			}
			assertNoTemps(t, dir)
			if c.force {
				if !bytes.Equal(readFile(t, filepath.Join(dir, "out.raf")), old) {
					t.Error("the existing output changed")
				}
			} else if names := listDir(t, dir); len(names) != 0 {
				t.Errorf("left behind: %q", names)
			}
		})
	}
}

// TestSignalAfterPlaced: a signal that arrives once the output is in
// place (renamed, and its directory synced) or, for an output that is not
// renamed, once its last write is done, leaves the command's status
// alone: exit 0 and a complete output. One that arrives before the rename
// removes the temporary and exits 128+N.
func TestSignalAfterPlaced(t *testing.T) {
	fx := newFixture(t)
	if os.Getenv("AEGIS_RAF_BIN") != "" {
		t.Skip("the signal points are hooks of aegis-raf run as this test binary")
	}
	old := []byte("the old content")
	type job struct {
		args   []string
		out    string // the file written, "" for standard output
		want   []byte // its content once complete
		before bool   // a rename to signal before
	}
	sigs := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, sigHUP}
	if runtime.GOOS == "windows" {
		// signalAt hands the signal to the handler (see there).
		t.Log("SIGHUP is not sent: Windows has none")
		sigs = sigs[:2]
	}
	jobs := []job{
		{[]string{"encrypt", "-in", "plain", "-out", "new.raf"}, "new.raf", nil, true},
		{[]string{"decrypt", "-in", "f.raf", "-out", "new"}, "new", fx.plain, true},
		{[]string{"decrypt", "-force", "-in", "f.raf", "-out", "old"}, "old", fx.plain, true},
		{[]string{"decrypt", "-in", "f.raf"}, "", fx.plain, false},
		{[]string{"cat", "f.raf"}, "", fx.plain, false},
		{[]string{"decrypt", "-in", "f.raf", "-out", os.DevNull}, os.DevNull, nil, false},
	}
	for _, sig := range sigs {
		if signal.Ignored(sig) {
			t.Logf("%v is ignored in this process, so in aegis-raf's too: not sent", sig)
			continue
		}
		for _, j := range jobs {
			for _, at := range []string{"settled", "commit"} {
				if at == "commit" && !j.before {
					continue
				}
				os.Remove(fx.path("new.raf"))
				os.Remove(fx.path("new"))
				os.WriteFile(fx.path("old"), old, 0o600)
				c := cliCmd(t, fx.dir, fx.key16, j.args...)
				c.Env = append(c.Env, fmt.Sprintf("AEGIS_RAF_TEST_SIGNAL=%d:%s", int(sig), at))
				var out, errb bytes.Buffer
				c.Stdout, c.Stderr = &out, &errb
				c.Run()
				code := c.ProcessState.ExitCode()
				name := fmt.Sprintf("%v at %s, %q", sig, at, j.args)
				if at == "settled" {
					if code != 0 || errb.String() != signalLateLine+"\n" {
						t.Errorf("%s: exit %d, %q; want exit 0 (the output was complete), and only %q on stderr", name, code, errb.String(), signalLateLine)
						continue
					}
					switch {
					case j.out == "":
						if !bytes.Equal(out.Bytes(), j.want) {
							t.Errorf("%s: %d bytes on standard output; want the %d of the plaintext", name, out.Len(), len(j.want))
						}
					case j.want != nil:
						if got, _ := os.ReadFile(fx.path(j.out)); !bytes.Equal(got, j.want) {
							t.Errorf("%s: %s holds %d bytes; want the plaintext", name, j.out, len(got))
						}
					case strings.HasSuffix(j.out, ".raf"):
						if r := runProc(t, fx.dir, fx.key16, nil, "cat", j.out); r.code != 0 || r.stdout != string(fx.plain) {
							t.Errorf("%s: cat %s: exit %d, %q", name, j.out, r.code, r.stderr)
						}
					}
				} else {
					if code != 128+int(sig) {
						t.Errorf("%s: exit %d, %q; want %d", name, code, errb.String(), 128+int(sig))
					}
					if j.out == "old" {
						if got, _ := os.ReadFile(fx.path("old")); !bytes.Equal(got, old) {
							t.Errorf("%s: the replaced file changed", name)
						}
					} else if _, err := os.Stat(fx.path(j.out)); err == nil {
						t.Errorf("%s: %s appeared", name, j.out)
					}
				}
				assertNoTemps(t, fx.dir)
			}
		}
	}
}

// TestIgnoredSignalStaysIgnored: under nohup, SIGHUP was ignored when
// aegis-raf started, and must stay so: the job goes on to the end.
func TestIgnoredSignalStaysIgnored(t *testing.T) {
	needCore(t)
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no SIGHUP, and no nohup")
	}
	nohup, err := exec.LookPath("nohup")
	if err != nil {
		t.Skip("no nohup here")
	}
	dir := testdir.TempDir(t)
	key := strings.Repeat("11", 16)
	cmd := cliCmd(t, dir, key, "encrypt", "-out", "out.raf")
	cmd.Args = append([]string{nohup, cmd.Path}, cmd.Args[1:]...)
	cmd.Path = nohup
	var errb bytes.Buffer
	cmd.Stderr = &errb
	w, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	block := bytes.Repeat([]byte{'x'}, 1<<20)
	w.Write(block)
	w.Write(block) // the first is read: the job is under way
	cmd.Process.Signal(sigHUP)
	w.Write(block)
	w.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("encrypt under nohup, sent SIGHUP: %v; stderr %q", err, errb.String())
	}
	if r := runProc(t, dir, key, nil, "cat", "out.raf"); r.code != 0 || r.stdout != strings.Repeat("x", 3<<20) {
		t.Errorf("cat: exit %d, %d bytes, %q", r.code, len(r.stdout), r.stderr)
	}
}

// TestStandardStreams: encrypt reads standard input for -in - (the
// default), decrypt writes standard output for -out - (the default).
func TestStandardStreams(t *testing.T) {
	fx := newFixture(t)
	for _, args := range [][]string{{"encrypt", "-in", "-", "-out", "a.raf"}, {"create", "-out", "b.raf"}} {
		if r := runProc(t, fx.dir, fx.key16, bytes.NewReader(fx.plain), args...); r.code != 0 {
			t.Fatalf("%q: %+v", args, r)
		}
	}
	for _, args := range [][]string{{"decrypt", "-in", "a.raf", "-out", "-"}, {"decrypt", "b.raf"}, {"decrypt", "-in", "f.raf"}} {
		if r := runProc(t, fx.dir, fx.key16, nil, args...); r.code != 0 || r.stdout != string(fx.plain) {
			t.Errorf("%q: exit %d, %d bytes, %q", args, r.code, len(r.stdout), r.stderr)
		}
	}
}

// TestUsageErrors: mistakes in the command line exit 2, with a message,
// never a panic, and create nothing.
func TestUsageErrors(t *testing.T) {
	dir := testdir.TempDir(t)
	os.WriteFile(filepath.Join(dir, "plain"), []byte("some plaintext"), 0o600)
	os.WriteFile(filepath.Join(dir, "f.raf"), make([]byte, 200), 0o600) // not read: the flags are checked first
	before := listDir(t, dir)
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"encrypt", "-chunk", "0", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-chunk", "1000", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-chunk", "1048592", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-chunk", "-4096", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-chunk", "4100", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-chunk", "lots", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-chunk", "99999999999999999999", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-alg", "AEGIS-512", "-in", "plain", "-out", "o.raf"},
		{"encrypt", "-in", "plain", "-out", "-"},
		{"encrypt", "-in", "plain"},
		{"encrypt", "-in", "plain", "-out", "o.raf", "extra"},
		{"encrypt", "-bogus", "-in", "plain", "-out", "o.raf"},
		{"decrypt", "-in", "-", "-out", "o"},
		{"decrypt", "-out", "o"},
		{"decrypt", "-bogus", "-in", "f.raf"},
		{"cat", "-"},
		{"cat", "-offset", "-1", "f.raf"},
		{"cat", "-length", "-2", "f.raf"},
		{"cat", "-offset", "x", "f.raf"},
		{"cat", "-length", "1e3", "f.raf"},
		{"cat"},
		{"info", "-"},
		{"info", "-v", "f.raf"},
	} {
		r := runProc(t, dir, strings.Repeat("11", 16), nil, args...)
		if r.code != exitUsage || r.stderr == "" || strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine") {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and a message", args, r.code, r.stderr)
		}
		if got := listDir(t, dir); !slices.Equal(got, before) {
			t.Errorf("%q left %q", args, got)
			for _, n := range got {
				if !slices.Contains(before, n) {
					os.Remove(filepath.Join(dir, n))
				}
			}
		}
	}
}

// TestHelpFlag: COMMAND -h prints that command's flags on stderr and
// exits 0.
func TestHelpFlag(t *testing.T) {
	dir := testdir.TempDir(t)
	for cmd, flag := range map[string]string{"encrypt": "-chunk", "create": "-alg", "decrypt": "-force", "cat": "-offset", "info": "FILE.raf"} {
		for _, h := range []string{"-h", "-help", "--help"} {
			r := runProc(t, dir, "", nil, cmd, h)
			if r.code != exitOK || !strings.Contains(r.stderr, "usage: aegis-raf") || !strings.Contains(r.stderr, flag) || r.stdout != "" {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want exit 0 and the flags on stderr", cmd, h, r.code, r.stdout, r.stderr)
			}
		}
	}
	if r := runProc(t, dir, "", nil, "help"); r.code != exitOK || !strings.Contains(r.stdout, "aegis-raf encrypt") {
		t.Errorf("help: %+v", r)
	}
}

// TestExitStatus: failures that are not command-line mistakes exit 1.
func TestExitStatus(t *testing.T) {
	fx := newFixture(t)
	for _, c := range []struct {
		key  string
		args []string
		want string
	}{
		{fx.key16, []string{"cat", "nonexistent.raf"}, notExistText(t)},
		{fx.key16, []string{"info", "plain"}, "not a RAF file"},
		{strings.Repeat("00", 16), []string{"cat", "f.raf"}, "wrong key"},
		{"", []string{"cat", "f.raf"}, "no key"},
		{"xyz", []string{"cat", "f.raf"}, "AEGIS_RAF_KEY"},
		{fx.key32, []string{"encrypt", "-alg", "128x2", "-in", "plain", "-out", "o.raf"}, "16-byte key"},
	} {
		r := runProc(t, fx.dir, c.key, nil, c.args...)
		if r.code != exitFailure || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want exit 1 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if _, err := os.Stat(fx.path("o.raf")); err == nil {
		t.Error("a failed encrypt left its output")
	}
	assertNoTemps(t, fx.dir)
}

// TestAlgNames: -alg takes aegis-speed's short names as well as the
// variants' titles.
func TestAlgNames(t *testing.T) {
	fx := newFixture(t)
	for _, c := range []struct{ name, key, want string }{
		{"128l", fx.key16, "AEGIS-128L"},
		{"128x4", fx.key16, "AEGIS-128X4"},
		{"256", fx.key32, "AEGIS-256"},
		{"256x2", fx.key32, "AEGIS-256X2"},
		{"aegis_256x4", fx.key32, "AEGIS-256X4"},
		{"AEGIS-128X2", fx.key16, "AEGIS-128X2"},
		{"aegis128x2", fx.key16, "AEGIS-128X2"},
	} {
		out := "alg-" + c.name + ".raf"
		if r := runProc(t, fx.dir, c.key, nil, "encrypt", "-alg", c.name, "-in", "plain", "-out", out); r.code != 0 {
			t.Errorf("-alg %s: %+v", c.name, r)
			continue
		}
		if r := runProc(t, fx.dir, "", nil, "info", out); !strings.Contains(r.stdout, "algorithm:  "+c.want+"\n") {
			t.Errorf("-alg %s: info %q; want %s", c.name, r.stdout, c.want)
		}
		if r := runProc(t, fx.dir, c.key, nil, "cat", out); r.code != 0 || r.stdout != string(fx.plain) {
			t.Errorf("-alg %s: cat: exit %d, %d bytes", c.name, r.code, len(r.stdout))
		}
	}
}

// TestKeyFileProcess: a hex key file with one typo is an error, not a raw
// key; hex and raw key files work.
func TestKeyFileProcess(t *testing.T) {
	fx := newFixture(t)
	typo := []byte(fx.key16)
	typo[7] = 'g'
	os.WriteFile(fx.path("typo.key"), typo, 0o600)
	r := runProc(t, fx.dir, "", nil, "encrypt", "-keyfile", "typo.key", "-in", "plain", "-out", "typo.raf")
	if r.code != exitFailure || !strings.Contains(r.stderr, "hex") {
		t.Errorf("a 32-character key file with a typo: exit %d, %q; want exit 1 and an error about hex", r.code, r.stderr)
	}
	if _, err := os.Stat(fx.path("typo.raf")); err == nil {
		t.Error("a bad key file left an output")
	}
	// The same key as hex with a newline, and raw: f.raf opens with both.
	raw, _ := hex.DecodeString(fx.key16)
	os.WriteFile(fx.path("hex.key"), []byte(fx.key16+"\n"), 0o600)
	os.WriteFile(fx.path("raw.key"), raw, 0o600)
	for _, k := range []string{"hex.key", "raw.key"} {
		if r := runProc(t, fx.dir, "", nil, "cat", "-keyfile", k, "f.raf"); r.code != 0 || r.stdout != string(fx.plain) {
			t.Errorf("-keyfile %s: exit %d, %q", k, r.code, r.stderr)
		}
	}
}

func TestParseKeyFile(t *testing.T) {
	hex16 := "000102030405060708090a0b0c0d0e0f"
	want16, _ := hex.DecodeString(hex16)
	hex32 := strings.ToUpper(hex16) + "101112131415161718191a1b1c1d1e1f"
	want32, _ := hex.DecodeString(hex32)
	raw16 := make([]byte, 16)
	raw32 := make([]byte, 32)
	rand.Read(raw16)
	rand.Read(raw32)
	raw16[0], raw32[31] = 0x00, 0xff // binary, whatever else they hold
	typo := []byte(hex16)
	typo[31] = 'g'
	ok := []struct {
		file []byte
		want []byte
	}{
		{[]byte(hex16), want16},
		{[]byte(hex16 + "\n"), want16},
		{[]byte(hex32 + "\r\n"), want32},
		{[]byte(hex32 + " \n\n"), want32},
		{raw16, raw16},
		{raw32, raw32},
	}
	for _, c := range ok {
		got, err := parseKeyFile(c.file)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%q: %x, %v; want %x", c.file, got, err, c.want)
		}
	}
	for _, file := range [][]byte{
		typo,                           // 32 characters, one not hex: not a raw key
		[]byte(hex32[:63] + "z"),       // the same for 64
		[]byte(hex16[:30]),             // 15 bytes of hex
		[]byte(hex16 + "0"),            // an odd number of digits
		[]byte(hex16 + hex16 + hex16),  // 48 bytes of hex
		[]byte("0x" + hex16),           // a prefix
		[]byte("00:01:02:03:04:05:06"), // separators
		[]byte(" " + hex16),            // white space before
		[]byte{},                       // empty
		[]byte("\n"),                   // only white space
		raw16[:15],                     // raw, too short
		append(raw32, 0),               // raw, too long
		append(append([]byte(nil), raw16...), '\n'), // raw with a newline: 17 bytes
	} {
		if got, err := parseKeyFile(file); err == nil {
			t.Errorf("%q: accepted as %x", file, got)
		} else if !strings.Contains(err.Error(), "16 or 32 raw bytes") {
			t.Errorf("%q: %v; the error should name the accepted forms", file, err)
		}
	}
}

// TestProgressNotInPipe: progress is not written to a stderr that is not
// a terminal.
func TestProgressNotInPipe(t *testing.T) {
	needCore(t)
	dir := testdir.TempDir(t)
	os.WriteFile(filepath.Join(dir, "big"), make([]byte, bigJob()), 0o600)
	r := runProc(t, dir, strings.Repeat("ab", 16), nil, "encrypt", "-in", "big", "-out", "big.raf")
	if r.code != 0 || r.stderr != "" {
		t.Errorf("encrypt of %d bytes with stderr in a pipe: exit %d, stderr %q; want nothing on stderr", bigJob(), r.code, r.stderr)
	}
	r = runProc(t, dir, strings.Repeat("ab", 16), nil, "decrypt", "-in", "big.raf", "-out", os.DevNull)
	if r.code != 0 || r.stderr != "" {
		t.Errorf("decrypt to %s: exit %d, stderr %q", os.DevNull, r.code, r.stderr)
	}
}

// TestCommitErrors: a failing Sync or Close of the output is an error,
// and leaves neither a temporary nor the target.
func TestCommitErrors(t *testing.T) {
	fx := newFixture(t)
	t.Setenv("AEGIS_RAF_KEY", fx.key16)
	defer func() { testHookCommit = nil }()
	// Closing the file first makes its Sync and Close fail.
	testHookCommit = func(f *os.File) { f.Close() }
	if _, _, err := runCLI(t, "", "encrypt", "-in", fx.path("plain"), "-out", fx.path("o.raf")); err == nil || !strings.Contains(err.Error(), "sync") {
		t.Errorf("encrypt with a failing sync: %v", err)
	}
	if _, err := os.Stat(fx.path("o.raf")); err == nil {
		t.Error("encrypt: the output appeared after a failed sync")
	}
	os.WriteFile(fx.path("out"), []byte("old"), 0o600)
	if _, _, err := runCLI(t, "", "decrypt", "-force", "-in", fx.path("f.raf"), "-out", fx.path("out")); err == nil || !strings.Contains(err.Error(), "sync") {
		t.Errorf("decrypt with a failing sync: %v", err)
	}
	if string(readFile(t, fx.path("out"))) != "old" {
		t.Error("decrypt: the output changed after a failed sync")
	}
	assertNoTemps(t, fx.dir)

	// A target that appears while aegis-raf works is not replaced
	// without -force.
	testHookCommit = func(*os.File) { os.WriteFile(fx.path("late"), []byte("late"), 0o600) }
	if _, _, err := runCLI(t, "", "decrypt", "-in", fx.path("f.raf"), "-out", fx.path("late")); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("decrypt onto a file that appeared meanwhile: %v", err)
	}
	if string(readFile(t, fx.path("late"))) != "late" {
		t.Error("decrypt replaced a file that appeared meanwhile")
	}
	assertNoTemps(t, fx.dir)
}

// TestOutputWriteErrors: a failed write of the plaintext names what could
// not be written (the output file, the device or standard output), not
// the RAF file that was read.
func TestOutputWriteErrors(t *testing.T) {
	fx := newFixture(t)
	// Standard output that refuses writes, in process.
	t.Setenv("AEGIS_RAF_KEY", fx.key16)
	for _, args := range [][]string{{"decrypt", "-in", fx.path("f.raf")}, {"decrypt", "-out", "-", fx.path("f.raf")}, {"cat", fx.path("f.raf")}} {
		err := run(args, strings.NewReader(""), failWriter{}, io.Discard)
		if err == nil || err.Error() != "writing standard output: "+errFailWrite.Error() {
			t.Errorf("%q with a failing standard output: %v; want \"writing standard output: %v\"", args, err, errFailWrite)
		}
	}

	// The process cases.
	if runtime.GOOS == "windows" {
		t.Skip("the process cases are left out: they need a file size limit (ulimit -f) or /dev/full, and Windows offers no cheap way to make a file write fail")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh here to set a file size limit")
	}
	// Under "ulimit -f 8" a file cannot grow past 4 KiB: the write of the
	// 66 KB plaintext to the temporary fails with EFBIG (Go ignores
	// SIGXFSZ).
	c := cliCmd(t, fx.dir, fx.key16, "decrypt", "-in", "f.raf", "-out", "keep.bin")
	c.Args = append([]string{sh, "-c", `ulimit -f 8 && exec "$0" "$@"`, c.Path}, c.Args[1:]...)
	c.Path = sh
	var errb bytes.Buffer
	c.Stderr = &errb
	c.Run()
	if code, msg := c.ProcessState.ExitCode(), errb.String(); code != exitFailure ||
		!strings.HasPrefix(msg, "aegis-raf: writing keep.bin: ") || strings.Contains(msg, "f.raf") {
		t.Errorf("decrypt into a file that cannot grow: exit %d, %q; want exit 1 and \"aegis-raf: writing keep.bin: ...\"", code, msg)
	}
	if _, err := os.Stat(fx.path("keep.bin")); err == nil {
		t.Error("a failed decrypt left its output")
	}
	assertNoTemps(t, fx.dir)

	if _, err := os.Stat("/dev/full"); err == nil {
		r := runProc(t, fx.dir, fx.key16, nil, "decrypt", "-in", "f.raf", "-out", "/dev/full")
		if r.code != exitFailure || !strings.HasPrefix(r.stderr, "aegis-raf: writing /dev/full: ") || strings.Contains(r.stderr, "f.raf") {
			t.Errorf("decrypt -out /dev/full: exit %d, %q; want exit 1 and \"aegis-raf: writing /dev/full: ...\"", r.code, r.stderr)
		}
	}
}

var errFailWrite = errors.New("the writer refuses")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFailWrite }
