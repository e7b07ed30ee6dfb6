// Package programgen answers the language host's GenerateProgram call, which `pulumi import` (and `pulumi
// convert`) make to turn the engine's program description (PCL) into code: the PCL is bound against the schemas
// of the packages it uses, fetched from the engine's loader, and handed to one of Pulumi's own code generators.
// Our minimal language hosts share it, and GenerateProject (`pulumi convert`); the code they write is what the
// upstream hosts write.
package programgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Generator writes a bound program as source files of one language.
type Generator func(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

// Generate binds the request's program and writes it with generate.
func Generate(
	_ context.Context, req *pulumirpc.GenerateProgramRequest, generate Generator,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	parser := syntax.NewParser()
	for path, contents := range req.GetSource() {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}

	options := bindOptions(req.GetStrict())
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	rpcDiagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiagnostics}, nil
	}
	if program == nil {
		return nil, errors.New("the program did not bind")
	}

	files, diags, err := generate(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: append(rpcDiagnostics, plugin.HclDiagnosticsToRPCDiagnostics(diags)...),
	}, nil
}

// bindOptions are the upstream hosts' for binding a program, strict or not.
func bindOptions(strict bool) []pcl.BindOption {
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	return options
}

// ProjectGenerator writes a bound program as a whole project of one language (its Pulumi.yaml, dependency files
// and sources) into a directory.
type ProjectGenerator func(directory string, project workspace.Project, program *pcl.Program, localDependencies map[string]string) error

// GenerateProject binds the PCL of the request's source directory and writes it as a project with generate: the
// call `pulumi convert` makes (for instance `pulumi convert --from yaml --language python`).
func GenerateProject(
	_ context.Context, req *pulumirpc.GenerateProjectRequest, generate ProjectGenerator,
) (*pulumirpc.GenerateProjectResponse, error) {
	if generate == nil {
		return nil, status.Error(codes.Unimplemented, "this language host does not generate projects")
	}
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	var project workspace.Project
	if err := json.Unmarshal([]byte(req.GetProject()), &project); err != nil {
		return nil, fmt.Errorf("reading the project to generate: %w", err)
	}
	options := bindOptions(req.GetStrict())
	program, diags, err := pcl.BindDirectory(req.GetSourceDirectory(), schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	rpcDiagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProjectResponse{Diagnostics: rpcDiagnostics}, nil
	}
	if program == nil {
		return nil, errors.New("the program did not bind")
	}
	if err := generate(req.GetTargetDirectory(), project, program, req.GetLocalDependencies()); err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{Diagnostics: rpcDiagnostics}, nil
}
