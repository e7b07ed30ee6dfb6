// pulumi-docs-gen renders schema.json as the Pulumi Registry renders a package's API docs: one page per resource
// and function, with the examples of each in every language, its inputs, outputs and types.
//
//	pulumi-docs-gen <schema.json> <out dir>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/docs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noPackages loads no other package: the schema references none (its `Any` is Pulumi's own).
type noPackages struct{}

func (noPackages) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema may not reference package %q", name)
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: pulumi-docs-gen <schema.json> <out dir>")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		fail(err)
	}
	pkg, diags, err := schema.BindSpec(spec, noPackages{})
	for _, diag := range diags {
		fmt.Fprintln(os.Stderr, diag.Error())
	}
	if err != nil || diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "the schema does not bind")
		os.Exit(1)
	}
	docs.Initialize("pulumi-docs-gen", pkg)
	files, err := docs.GeneratePackage("pulumi-docs-gen", pkg)
	if err != nil {
		fail(err)
	}
	for name, content := range files {
		path := filepath.Join(os.Args[2], name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fail(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			fail(err)
		}
	}
	fmt.Printf("docs: %d pages\n", len(files))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
