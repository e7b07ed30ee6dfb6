// Command pulumi-language-nodejs is a minimal Node.js language host for the pulumi CLI.
//
// Why it exists: the Go module proxy these machines reach serves the pulumi CLI module
// (github.com/pulumi/pulumi/pkg/v3) but not the upstream Node.js language host module
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3), so a machine without a pulumi
// install cannot build the upstream host. The engine needs from a language host little more than `Run`:
// start `node @pulumi/pulumi/cmd/run` with the monitor address, project, stack and config, and report how
// the program ended. Everything that decides what a deployment does happens in the real engine.
//
// It also runs a provider plugin kept as Node.js source (a directory with a PulumiPlugin.yaml of runtime
// nodejs, like the one this package ships in plugin/), as Pulumi's own host does, and writes code for `pulumi
// import` and projects for `pulumi convert` with Pulumi's own generator.
//
// What it leaves out (unimplemented, so the engine falls back or reports it): plugin discovery from
// node_modules (our programs use only the built-in dynamic provider), package managers other than npm and npm
// workspaces, `pulumi about` details, packing and policy packs.
package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-streamkap.local/tools/pulumi-cli/internal/hostkit"
)

// version is set at build time with -ldflags "-X main.version=…" to the pulumi version it was built beside.
var version = "0.0.0-dev"

type languageHost struct {
	hostkit.Base
	nodeBin string
}

func main() {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pulumi-language-nodejs: could not find `node` on PATH; install Node.js 22 or newer")
		os.Exit(1)
	}
	hostkit.Serve("pulumi-language-nodejs", func(engineAddress string) pulumirpc.LanguageRuntimeServer {
		base := hostkit.Base{
			EngineAddress: engineAddress,
			Version:       version,
			Generate:      nodejsgen.GenerateProgram,
			WriteProject:  writeProject,
		}
		return &languageHost{Base: base, nodeBin: nodeBin}
	})
}

// writeProject is the upstream host's project writer (`pulumi convert --language typescript`): index.ts,
// package.json and tsconfig.json, in TypeScript rather than JavaScript.
func writeProject(directory string, project workspace.Project, program *pcl.Program, localDependencies map[string]string) error {
	return nodejsgen.GenerateProject(directory, project, program, localDependencies, false, "nodejs")
}

func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	pwd := req.GetPwd()
	programDir := req.GetInfo().GetProgramDirectory()
	if programDir == "" {
		programDir = pwd
	}

	runScript, err := h.resolveRunScript(ctx, programDir)
	if err != nil {
		return nil, err
	}

	env, err := runEnvironment(req)
	if err != nil {
		return nil, err
	}

	cmd := exec.CommandContext(ctx, h.nodeBin, h.runArguments(req, runScript, programDir)...)
	cmd.Dir = pwd
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr

	return hostkit.RunOutcome(cmd.Run(), "the Node.js program"), nil
}

// RunPlugin starts a provider plugin kept as Node.js source: the engine asks for it when a plugin's directory
// holds a PulumiPlugin.yaml of runtime nodejs instead of an executable. Like Pulumi's own host, it runs
// @pulumi/pulumi's plugin runner (resolved from the plugin's directory) on that directory, which loads the
// directory's package entry point; the engine's arguments follow, and the plugin's output goes back to the
// engine, which reads the port from it.
func (h *languageHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	ctx := server.Context()
	pluginDir := req.GetInfo().GetProgramDirectory()
	if pluginDir == "" {
		return fmt.Errorf("the engine named no directory for the %s plugin", req.GetName())
	}
	runner, err := h.resolveModule(ctx, "@pulumi/pulumi/cmd/run-plugin", pluginDir)
	if err != nil {
		return err
	}

	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close() //nolint:errcheck // closed and checked below; this one only covers early returns

	args := append([]string{runner, pluginDir}, req.GetArgs()...)
	cmd := exec.CommandContext(ctx, h.nodeBin, args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = req.GetEnv()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the plugin in %s stopped: %w", pluginDir, err)
	}
	return closer.Close()
}

// InstallDependencies runs `npm install` in the program's or plugin's directory, as Pulumi's own host does with
// npm; the engine asks for it before it first runs a plugin kept as source (`pulumi package get-schema <dir>`).
func (h *languageHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	dir := req.GetInfo().GetProgramDirectory()
	closer, stdout, stderr, err := rpcutil.MakeInstallDependenciesStreams(server, req.GetIsTerminal())
	if err != nil {
		return err
	}
	defer closer.Close() //nolint:errcheck // closed and checked below; this one only covers early returns

	npm, err := exec.LookPath("npm")
	if err != nil {
		return fmt.Errorf("could not find `npm` on PATH to install the dependencies in %s", dir)
	}
	fmt.Fprintf(stdout, "Installing dependencies in %s...\n", dir)
	cmd := exec.CommandContext(server.Context(), npm, "install", "--no-audit", "--no-fund")
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("`npm install` in %s failed: %w", dir, err)
	}
	return closer.Close()
}

// resolveRunScript finds @pulumi/pulumi's program runner the way the program itself will resolve the SDK,
// so program and runner share one copy of @pulumi/pulumi.
func (h *languageHost) resolveRunScript(ctx context.Context, programDir string) (string, error) {
	return h.resolveModule(ctx, "@pulumi/pulumi/cmd/run", programDir)
}

// resolveModule resolves a module as code in dir would, so that what we start and what it loads share one copy
// of @pulumi/pulumi.
func (h *languageHost) resolveModule(ctx context.Context, module, dir string) (string, error) {
	script := fmt.Sprintf("process.stdout.write(require.resolve(%q))", module)
	cmd := exec.CommandContext(ctx, h.nodeBin, "-e", script)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil || len(out) == 0 {
		return "", fmt.Errorf("@pulumi/pulumi is not installed for the code in %s: run `npm install` there", dir)
	}
	return string(out), nil
}

func (h *languageHost) runArguments(req *pulumirpc.RunRequest, runScript, programDir string) []string {
	args := []string{runScript}
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.EngineAddress)
	flag("organization", req.GetOrganization())
	flag("project", req.GetProject())
	flag("root-directory", req.GetInfo().GetRootDirectory())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		flag("parallel", strconv.Itoa(int(req.GetParallel())))
	}

	entry := req.GetInfo().GetEntryPoint()
	if entry == "" {
		entry = req.GetProgram()
	}
	switch {
	case entry != "" && entry != ".":
		args = append(args, filepath.Join(programDir, entry))
	case programDir != req.GetPwd():
		args = append(args, programDir)
	default:
		// "." makes the runner take the entry point from package.json (exports or main).
		args = append(args, ".")
	}
	return append(args, req.GetArgs()...)
}

func runEnvironment(req *pulumirpc.RunRequest) ([]string, error) {
	config, secretKeys, err := hostkit.Config(req)
	if err != nil {
		return nil, err
	}

	options := req.GetInfo().GetOptions().AsMap()
	typescript := true
	if value, ok := options["typescript"].(bool); ok {
		typescript = value
	}

	env := append(os.Environ(),
		"PULUMI_CONFIG="+config,
		"PULUMI_CONFIG_SECRET_KEYS="+secretKeys,
		"PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(typescript),
	)
	if tsconfig, ok := options["tsconfig"].(string); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}
	return env, nil
}
