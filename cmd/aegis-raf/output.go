// SPDX-License-Identifier: MIT

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
)

// temps holds the temporary files that exist now, by name, so that a
// signal can remove them, and whether the command's outcome is settled.
// Its lock is taken to create a temporary and to put one in place, so
// neither happens after the signal handler has started (it never lets
// go, unless the outcome is settled).
var temps struct {
	sync.Mutex
	files   map[string]*os.File
	settled bool // the output is in place, or its last write is done
}

// signals receives the signals that catchSignals handles. The tests send
// to it on Windows, where a process cannot raise them.
var signals = make(chan os.Signal, 1)

// catchSignals handles SIGINT, SIGTERM and SIGHUP. Before the outcome is
// settled, it removes the temporary files, then exits with 128 plus the
// signal's number, as a shell reports a process killed by it. A target
// never sees a partial file: it is only ever replaced by a rename of a
// complete, synced temporary. Once the outcome is settled (see settle),
// the signal changes nothing: the command ends with its own status, 0
// for an output in place. A signal that the process was started with
// ignored (nohup, a background job) stays ignored: Notify would turn it
// back on. On Windows, Go delivers Ctrl-C and Ctrl-Break as SIGINT, and
// the closing of the console as SIGTERM (holding off Windows, which ends
// the process when its handler returns); there is no SIGHUP.
func catchSignals() {
	for _, sig := range terminating {
		if !signal.Ignored(sig) {
			signal.Notify(signals, sig)
		}
	}
	go func() {
		sig := <-signals
		temps.Lock()
		if temps.settled {
			temps.Unlock()
			if testHookSignalLate != nil {
				testHookSignalLate()
			}
			return
		}
		// Closed first: Windows cannot remove a file that is open (Go
		// opens files without FILE_SHARE_DELETE). A write that then
		// fails prints nothing: the command's abort waits on the lock.
		for name, f := range temps.files {
			f.Close()
			os.Remove(name)
		}
		code := exitFailure
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int(s)
		}
		os.Exit(code)
	}()
}

// settle marks the outcome of the command as decided, for an output that
// is not renamed into place (standard output, a device, a FIFO): its
// last write is done, and its status follows that write. An output that
// is renamed is settled by commit.
func settle() {
	temps.Lock()
	temps.settled = true
	temps.Unlock()
	if testHookSettled != nil {
		testHookSettled()
	}
}

// Test hooks, set only by the tests.
var (
	// testHookCommit runs at the start of output.commit, so that a test
	// can make the Sync or Close of the temporary fail, or send a signal
	// before the rename.
	testHookCommit func(f *os.File)
	// testHookSettled runs once the outcome is settled: after the rename
	// and the directory sync, or after the last write.
	testHookSettled func()
	// testHookSignalLate runs when a signal arrives after the outcome is
	// settled, and so changes nothing.
	testHookSignalLate func()
)

// output is a file that a command writes. It appears under its name only
// when complete: the bytes go to a temporary file in the same directory,
// which commit renames over the target.
type output struct {
	name   string      // as given on the command line, for messages
	path   string      // the file that the rename replaces: name with its symlinks resolved
	force  bool        // replace an existing file
	mode   fs.FileMode // the temporary's mode: 0600, or the replaced file's permission bits
	direct bool        // an existing device or FIFO: written in place, nothing to replace
	f      *os.File
	tmp    string // the temporary's name while it exists
}

// sameFile reports whether a and b are one file. A nil FileInfo is no file.
func sameFile(a, b fs.FileInfo) bool { return a != nil && b != nil && os.SameFile(a, b) }

// statFile returns the FileInfo of r when it is an *os.File (standard
// input or output), else nil.
func statFile(r any) fs.FileInfo {
	f, ok := r.(*os.File)
	if !ok || f == nil {
		return nil
	}
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	return fi
}

// prepareOutput checks that name may be written: it is not the input
// (in, which may be nil), it does not exist unless force is set, and it is
// a regular file (or, unless seekable is required, a device or FIFO, which
// are written in place). Nothing is created yet.
func prepareOutput(name string, force, seekable bool, in fs.FileInfo, inName string) (*output, error) {
	o := &output{name: name, path: name, force: force, mode: 0o600}
	fi, err := os.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return o, danglingLink(name)
	case err != nil:
		return nil, err
	case sameFile(fi, in):
		return nil, fmt.Errorf("%s and %s are the same file; refusing to overwrite the input, write to another file", inName, name)
	case fi.IsDir():
		return nil, fmt.Errorf("%s is a directory", name)
	case !fi.Mode().IsRegular():
		if seekable {
			return nil, fmt.Errorf("%s is not a regular file; a RAF file needs a seekable regular file", name)
		}
		o.direct = true
		return o, nil
	case !force:
		return nil, fmt.Errorf("%s exists; use -force to replace it", name)
	}
	// Replace the file that a symlink names, not the symlink.
	if o.path, err = filepath.EvalSymlinks(name); err != nil {
		return nil, err
	}
	o.mode = fi.Mode().Perm()
	return o, nil
}

// danglingLink refuses a name that is a symbolic link to no file.
// Creating a file through such a link is the classic symlink attack: the
// link's owner picks where the file lands. A rename over the link would
// not follow it, but would destroy a link that the user named as the
// output, so the link is refused either way.
func danglingLink(name string) error {
	fi, err := os.Lstat(name)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return nil // nothing there; or a race, which the final link or rename settles
	}
	target, err := os.Readlink(name)
	if err != nil {
		return fmt.Errorf("%s is a symbolic link to no file; refusing to create a file through it", name)
	}
	next := target
	if !filepath.IsAbs(next) {
		next = filepath.Join(filepath.Dir(name), next)
	}
	what := "which does not exist"
	if _, err := os.Lstat(next); err == nil {
		what = "which leads to no file"
	}
	return fmt.Errorf("%s is a symbolic link to %s, %s; refusing to create a file through it (remove the link, or name the file itself)", name, target, what)
}

// create opens the file to write: the temporary, or the target itself
// when it is written in place.
func (o *output) create() (*os.File, error) {
	if o.direct {
		f, err := os.OpenFile(o.path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		o.f = f
		return f, nil
	}
	dir, base := filepath.Split(o.path)
	if dir == "" {
		dir = "."
	}
	if len(base) > 128 { // the name must stay under the file system's limit
		base = base[:128]
	}
	temps.Lock()
	f, err := os.CreateTemp(dir, "."+base+".aegis-raf-tmp-*")
	if err == nil {
		if temps.files == nil {
			temps.files = make(map[string]*os.File)
		}
		temps.files[f.Name()] = f
	}
	temps.Unlock()
	if err != nil {
		return nil, fmt.Errorf("%s: cannot create a temporary file beside it: %w", o.name, err)
	}
	o.f, o.tmp = f, f.Name()
	if o.mode != 0o600 { // CreateTemp made it 0600
		if err := f.Chmod(o.mode); err != nil {
			o.abort()
			return nil, fmt.Errorf("%s: %w", o.name, err)
		}
	}
	return f, nil
}

// abort removes the temporary, if there is one. The target is untouched.
// It is a no-op after commit.
func (o *output) abort() {
	if o.f != nil {
		o.f.Close()
		o.f = nil
	}
	if o.tmp == "" {
		return
	}
	temps.Lock()
	os.Remove(o.tmp)
	delete(temps.files, o.tmp)
	temps.Unlock()
	o.tmp = ""
}

// commit syncs and closes the file, then, for a temporary, puts it in
// place of the target and syncs the directory. Without force an existing
// target is never replaced, even one that appeared while we worked. On an
// error before the rename, the temporary is removed and the target is as
// it was.
func (o *output) commit() error {
	f := o.f
	if testHookCommit != nil {
		testHookCommit(f)
	}
	o.f = nil
	if o.direct {
		// A device or FIFO may not support fsync; its writes have been checked.
		if err := f.Close(); err != nil {
			return fmt.Errorf("%s: %w", o.name, err)
		}
		return nil
	}
	if err := f.Sync(); err != nil {
		f.Close()
		o.abort()
		return fmt.Errorf("%s: sync: %w", o.name, err)
	}
	if err := f.Close(); err != nil {
		o.abort()
		return fmt.Errorf("%s: close: %w", o.name, err)
	}
	// The lock keeps a signal out from the rename to the directory sync:
	// it either comes before, and finds the temporary to remove and the
	// target as it was, or after, and finds the command done.
	temps.Lock()
	err := o.place()
	if err == nil {
		delete(temps.files, o.tmp)
		o.tmp = ""
		if serr := syncDir(filepath.Dir(o.path)); serr != nil {
			err = fmt.Errorf("%s is complete, but its directory could not be synced: %w", o.name, serr)
		} else {
			temps.settled = true
		}
	}
	temps.Unlock()
	if err != nil {
		o.abort() // a no-op once the temporary has its new name
		return err
	}
	if testHookSettled != nil {
		testHookSettled()
	}
	return nil
}

// place gives the temporary the target's name. Under force a rename
// replaces the target atomically. Without it, a hard link fails if the
// target exists; where the file system has no hard links, the target is
// checked, then the temporary renamed.
func (o *output) place() error {
	if o.force {
		if err := os.Rename(o.tmp, o.path); err != nil {
			return fmt.Errorf("%s: %w", o.name, err)
		}
		return nil
	}
	err := os.Link(o.tmp, o.path)
	if err == nil {
		if err := os.Remove(o.tmp); err != nil {
			return fmt.Errorf("%s is complete, but its temporary %s could not be removed: %w", o.name, o.tmp, err)
		}
		return nil
	}
	exists := fmt.Errorf("%s exists (it appeared while aegis-raf worked); use -force to replace it", o.name)
	if errors.Is(err, fs.ErrExist) {
		return exists
	}
	if _, serr := os.Lstat(o.path); serr == nil {
		return exists
	} else if !errors.Is(serr, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", o.name, err)
	}
	if err := os.Rename(o.tmp, o.path); err != nil {
		return fmt.Errorf("%s: %w", o.name, err)
	}
	return nil
}

// syncDir makes a rename in dir durable. File systems and systems that
// cannot sync a directory (EINVAL, Windows) are left at that.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) {
		return nil
	}
	return err
}
