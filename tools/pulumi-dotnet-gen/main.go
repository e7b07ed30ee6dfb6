// pulumi-dotnet-gen writes the .NET SDK of schema.json with Pulumi's own C# generator. That generator left
// github.com/pulumi/pulumi/pkg for the pulumi-dotnet repository, which the Go module proxy these machines reach does
// not serve; this module pins the last pkg release that still has it (see go.mod), so it is kept apart from
// tools/pulumi-cli and its newer pkg.
//
//	pulumi-dotnet-gen <schema.json> <out dir>
//	pulumi-dotnet-gen <schema.json> --examples <PCL dir> <out dir>    (each PCL example as a C# program: examples.go)
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"

	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// packageLogo answers every HTTP request the generator makes, which is one: the package's logo, which it fetches
// to ship in the NuGet package (from GitHub when the schema names none). These machines have no route there, and
// a generated SDK must not depend on the network: a plain 64×64 image stands in, the same every time.
type packageLogo struct{}

func (packageLogo) RoundTrip(req *http.Request) (*http.Response, error) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for x := 0; x < 64; x++ {
		for y := 0; y < 64; y++ {
			img.Set(x, y, color.RGBA{R: 0x1f, G: 0x6f, B: 0xeb, A: 0xff})
		}
	}
	var body bytes.Buffer
	if err := png.Encode(&body, img); err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": []string{"image/png"}},
		Body:       io.NopCloser(&body),
		Request:    req,
	}, nil
}

func main() {
	http.DefaultTransport = packageLogo{}
	examples := len(os.Args) == 5 && os.Args[2] == "--examples"
	if len(os.Args) != 3 && !examples {
		fmt.Fprintln(os.Stderr, "usage: pulumi-dotnet-gen <schema.json> <out dir> | <schema.json> --examples <PCL dir> <out dir>")
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
	pkg, diags, err := schema.BindSpec(spec, onePackage{}, schema.ValidationOptions{})
	for _, diag := range diags {
		fmt.Fprintln(os.Stderr, diag.Error())
	}
	if err != nil || diags.HasErrors() {
		fmt.Fprintln(os.Stderr, "the schema does not bind")
		os.Exit(1)
	}
	if examples {
		if err := writeExamples(pkg, os.Args[3], os.Args[4]); err != nil {
			fail(err)
		}
		return
	}
	files, err := dotnetgen.GeneratePackage("streamkap-schema", pkg, nil, nil)
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
	fmt.Printf("dotnet: %d files\n", len(files))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
