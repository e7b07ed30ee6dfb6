// gomodzip writes the module zip (https://go.dev/ref/mod#zip-files) of the module rooted at a directory with
// golang.org/x/mod/zip, the code the go command itself uses, so the zip a release puts in its Go module proxy
// (scripts/go-module-proxy.ts) follows exactly the rules `go mod download` checks it against: which files are left
// out (VCS folders, nested modules, vendored packages, irregular files), the size limits, and the
// module@version/ prefix.
//
//	gomodzip <module path> <version> <source dir> <out.zip>
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: gomodzip <module path> <version> <source dir> <out.zip>")
		os.Exit(2)
	}
	version := module.Version{Path: os.Args[1], Version: os.Args[2]}
	dir, out := os.Args[3], os.Args[4]
	if err := write(version, dir, out); err != nil {
		fmt.Fprintln(os.Stderr, "gomodzip:", err)
		os.Exit(1)
	}
}

// write creates the zip beside out and renames it into place, so a failure never leaves a partial zip where the
// proxy serves it.
func write(version module.Version, dir, out string) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(out), ".gomodzip-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := zip.CreateFromDir(tmp, version, dir); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// CreateTemp makes the file 0600; a proxy's files are for anyone to read, as the others it holds.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}
