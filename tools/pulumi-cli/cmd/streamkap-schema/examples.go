package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
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

// programGenerators are Pulumi's own program generators of this module's pkg, by the name of the language.
var programGenerators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"typescript": nodejsgen.GenerateProgram,
	"python":     pythongen.GenerateProgram,
	"go":         gogen.GenerateProgram,
}

// writeExamples binds each <name>.pp of dir against the package and writes <out>/<name>/<language>/<file> with
// each generator: the examples of the schema's descriptions, from one PCL source each.
func writeExamples(bind func() *schema.Package, dir, out string) error {
	sources, err := filepath.Glob(filepath.Join(dir, "*.pp"))
	if err != nil {
		return err
	}
	sort.Strings(sources)
	for language, generate := range programGenerators {
		// A package of its own for each generator, as for the SDKs (main.go's bind).
		pkg := bind()
		for _, source := range sources {
			name := strings.TrimSuffix(filepath.Base(source), ".pp")
			program, err := bindExample(pkg, source)
			if err != nil {
				return fmt.Errorf("%s: %w", source, err)
			}
			files, diags, err := generate(program)
			if err != nil {
				return fmt.Errorf("%s in %s: %w", source, language, err)
			}
			if diags.HasErrors() {
				return fmt.Errorf("%s in %s: %s", source, language, diags.Error())
			}
			for file, content := range files {
				path := filepath.Join(out, name, language, file)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(path, content, 0o644); err != nil {
					return err
				}
			}
		}
	}
	fmt.Printf("examples: %d programs\n", len(sources))
	return nil
}

// bindExample parses and binds one PCL program strictly: an example that names a property the schema lacks, or
// gives one a value of the wrong type, is an error here rather than a wrong page.
func bindExample(pkg *schema.Package, path string) (*pcl.Program, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	parser := syntax.NewParser()
	if err := parser.ParseFile(strings.NewReader(string(text)), filepath.Base(path)); err != nil {
		return nil, err
	}
	if parser.Diagnostics.HasErrors() {
		return nil, parser.Diagnostics
	}
	program, diags, err := pcl.BindProgram(parser.Files, onePackage{pkg}, pcl.PreferOutputVersionedInvokes)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return program, nil
}
