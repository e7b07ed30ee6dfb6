// streamkap-schema checks schema.json with Pulumi's own schema binder (the code `pulumi package gen-sdk` runs) and
// writes the SDK of each language it names (nodejs, python, go), with Pulumi's own code generators, so no language
// plugin is needed. (.NET's generator lives in the .NET language host, not in pulumi/pkg.) With --examples, it
// writes each PCL example of a folder as a TypeScript, Python and Go program instead (examples.go).
//
//	streamkap-schema <schema.json> [<out dir> <language>...]
//	streamkap-schema <schema.json> --examples <PCL dir> <out dir>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: streamkap-schema <schema.json> [<out dir> <language>...]")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err)
	}
	pkg := bind(data)
	if len(os.Args) < 4 {
		fmt.Printf("%s: %d resources, %d types\n", pkg.Name, len(pkg.Resources), len(pkg.Types))
		return
	}
	if os.Args[2] == "--examples" {
		if len(os.Args) != 5 {
			fmt.Fprintln(os.Stderr, "usage: streamkap-schema <schema.json> --examples <PCL dir> <out dir>")
			os.Exit(2)
		}
		if err := writeExamples(func() *schema.Package { return bind(data) }, os.Args[3], os.Args[4]); err != nil {
			fail(err)
		}
		return
	}
	out := os.Args[2]
	for _, language := range os.Args[3:] {
		files, err := generate(bind(data), language)
		if err != nil {
			fail(fmt.Errorf("%s: %w", language, err))
		}
		for name, content := range files {
			path := filepath.Join(out, language, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				fail(err)
			}
			if err := os.WriteFile(path, content, 0o644); err != nil {
				fail(err)
			}
		}
		fmt.Printf("%s: %d files\n", language, len(files))
	}
}

// bind binds the schema anew: each generator gets a package of its own, since generators write their language's
// names into the bound package (Python's enum member names, say), which the next generator would then take as the
// schema's. `pulumi package gen-sdk` binds once per language too.
func bind(data []byte) *schema.Package {
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		fail(err)
	}
	pkg, diags, err := schema.BindSpec(spec, onePackage{}, schema.ValidationOptions{})
	for _, diag := range diags {
		fmt.Fprintln(os.Stderr, diag.Error())
	}
	if err != nil || diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "the schema does not bind")
		os.Exit(1)
	}
	return pkg
}

func generate(pkg *schema.Package, language string) (map[string][]byte, error) {
	switch language {
	case "nodejs":
		return nodejsgen.GeneratePackage("streamkap-schema", pkg, nil, nil, false, nil)
	case "python":
		return pythongen.GeneratePackage("streamkap-schema", pkg, nil, nil)
	case "go":
		return gogen.GeneratePackage("streamkap-schema", pkg, nil)
	}
	return nil, fmt.Errorf("unknown language %q", language)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
