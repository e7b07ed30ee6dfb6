package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// onePackage serves the bound schema to the program binder, and nothing else; while the schema itself is being
// bound (no package yet), it loads nothing: the schema references no other package (its `Any` is Pulumi's own).
type onePackage struct{ pkg *schema.Package }

func (l onePackage) load(name string) (*schema.Package, error) {
	if l.pkg == nil {
		return nil, fmt.Errorf("the schema may not reference package %q", name)
	}
	if name != l.pkg.Name {
		return nil, fmt.Errorf("an example may only use package %q, not %q", l.pkg.Name, name)
	}
	return l.pkg, nil
}

func (l onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.load(name)
}

func (l onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.load(d.Name)
}

func (l onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.load(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// writeExamples binds each <name>.pp of dir strictly and writes <out>/<name>/csharp/<file> with Pulumi's C#
// program generator: the C# of the schema's examples (scripts/gen-schema/examples.ts).
func writeExamples(pkg *schema.Package, dir, out string) error {
	sources, err := filepath.Glob(filepath.Join(dir, "*.pp"))
	if err != nil {
		return err
	}
	sort.Strings(sources)
	for _, source := range sources {
		if err := writeExample(pkg, source, out); err != nil {
			return fmt.Errorf("%s: %w", source, err)
		}
	}
	fmt.Printf("csharp: %d programs\n", len(sources))
	return nil
}

func writeExample(pkg *schema.Package, source, out string) error {
	text, err := os.ReadFile(source)
	if err != nil {
		return err
	}
	parser := syntax.NewParser()
	if err := parser.ParseFile(strings.NewReader(string(text)), filepath.Base(source)); err != nil {
		return err
	}
	if parser.Diagnostics.HasErrors() {
		return parser.Diagnostics
	}
	program, diags, err := pcl.BindProgram(parser.Files, pcl.Loader(onePackage{pkg}))
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	files, diags, err := dotnetgen.GenerateProgram(program)
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	name := strings.TrimSuffix(filepath.Base(source), ".pp")
	for file, content := range files {
		path := filepath.Join(out, name, "csharp", file)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}
