// Command pulumi-language-python is a minimal Python language host for the pulumi CLI.
//
// Why it exists: the Go module proxy these machines reach serves the Pulumi Go modules but not the upstream Python
// language host module (github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3), so a machine without a
// pulumi install cannot build the upstream host, and a Python program (examples/python) cannot run. The engine needs
// from a language host little more than `Run`: start a Python interpreter on a small entry point of ours (exec.py,
// embedded here) that configures the Pulumi Python SDK with the monitor address, project, stack and config, runs
// the program's __main__.py inside the stack, and reports how it ended. Everything that decides what a deployment
// does happens in the real engine.
//
// What it leaves out (unimplemented, so the engine falls back or reports it): plugin discovery from the installed
// packages (plugins come from PATH or the plugin cache), dependency installation (`pulumi install`; create the
// virtualenv and run `pip install -r requirements.txt` yourself), the `toolchain` option (uv, poetry) and
// `typechecker`, a `main` that names a single file, debugging, `pulumi about` details, packing and policy packs.
// The `virtualenv` option is honoured (else `python3` on PATH runs the program), and it writes code for
// `pulumi import` and projects for `pulumi convert` with Pulumi's own generator.
package main

import (
	"context"
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-streamkap.local/tools/pulumi-cli/internal/hostkit"
)

// version is set at build time with -ldflags "-X main.version=…" to the pulumi version it was built beside.
var version = "0.0.0-dev"

// execPy is the entry point the interpreter runs (`python -c`): it configures the SDK and runs the program.
//
//go:embed exec.py
var execPy string

type languageHost struct {
	hostkit.Base
}

func main() {
	hostkit.Serve("pulumi-language-python", func(engineAddress string) pulumirpc.LanguageRuntimeServer {
		return &languageHost{hostkit.Base{
			EngineAddress: engineAddress,
			Version:       version,
			Generate:      pygen.GenerateProgram,
			WriteProject:  writeProject,
		}}
	})
}

// writeProject is the upstream host's project writer: a virtualenv, requirements.txt and __main__.py.
func writeProject(directory string, project workspace.Project, program *pcl.Program, localDependencies map[string]string) error {
	return pygen.GenerateProject(directory, project, program, localDependencies, "", "")
}

func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := req.GetInfo().GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}
	pwd := req.GetPwd()
	if pwd == "" {
		pwd = programDir
	}

	python, venv, failure := interpreter(programDir, req.GetInfo().GetOptions().AsMap())
	if failure != "" {
		return &pulumirpc.RunResponse{Error: failure}, nil
	}

	env, err := runEnvironment(req, venv)
	if err != nil {
		return nil, err
	}

	args := []string{
		"-u", "-c", execPy,
		"--monitor", req.GetMonitorAddress(),
		"--engine", h.EngineAddress,
		"--project", req.GetProject(),
		"--stack", req.GetStack(),
		"--organization", req.GetOrganization(),
		"--root_directory", req.GetInfo().GetRootDirectory(),
		"--parallel", strconv.Itoa(int(req.GetParallel())),
		"--dry_run", strconv.FormatBool(req.GetDryRun()),
		"--pwd", pwd,
		programDir,
	}
	args = append(args, req.GetArgs()...)

	cmd := exec.CommandContext(ctx, python, args...)
	cmd.Dir = pwd
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr

	return hostkit.RunOutcome(cmd.Run(), "the Python interpreter "+python), nil
}

// interpreter is the Python that runs the program: `<venv>/bin/python` when Pulumi.yaml's `virtualenv` option
// names a virtualenv (relative to the program's directory), else `python3` on PATH. It answers the virtualenv's
// directory too ("" without one), or what is wrong, for the user to read.
func interpreter(programDir string, options map[string]any) (python, venv, failure string) {
	if name, ok := options["virtualenv"].(string); ok && name != "" {
		venv = name
		if !filepath.IsAbs(venv) {
			venv = filepath.Join(programDir, venv)
		}
		python = filepath.Join(venv, "bin", "python")
		if _, err := os.Stat(python); err != nil {
			return "", "", fmt.Sprintf("the `virtualenv` option names %s, which holds no %s: create it with "+
				"`python3 -m venv %s` and install the program's dependencies with `%s -m pip install -r requirements.txt`",
				venv, filepath.Join("bin", "python"), name, filepath.Join(name, "bin", "python"))
		}
		return python, venv, ""
	}
	found, err := exec.LookPath("python3")
	if err != nil {
		return "", "", "could not find `python3` on PATH to run the program: install Python 3 " +
			"(https://www.python.org/downloads/), or name a virtualenv with the `virtualenv` runtime option in Pulumi.yaml"
	}
	return found, "", ""
}

// runEnvironment is the caller's environment plus the stack's configuration in the variables the Python SDK reads,
// and, with a virtualenv, that virtualenv activated as its `activate` script would.
func runEnvironment(req *pulumirpc.RunRequest, venv string) ([]string, error) {
	config, secretKeys, err := hostkit.Config(req)
	if err != nil {
		return nil, err
	}

	env := os.Environ()
	set := func(name, value string) {
		// Later entries win in exec, so these override anything stale the caller had set.
		env = append(env, name+"="+value)
	}
	set("PULUMI_CONFIG", config)
	set("PULUMI_CONFIG_SECRET_KEYS", secretKeys)
	if venv != "" {
		set("VIRTUAL_ENV", venv)
		path := filepath.Join(venv, "bin")
		if current := os.Getenv("PATH"); current != "" {
			path += string(os.PathListSeparator) + current
		}
		set("PATH", path)
		// A PYTHONHOME would point the virtualenv's interpreter at another installation's standard library.
		filtered := env[:0]
		for _, entry := range env {
			if !strings.HasPrefix(entry, "PYTHONHOME=") {
				filtered = append(filtered, entry)
			}
		}
		env = filtered
	}
	return env, nil
}
