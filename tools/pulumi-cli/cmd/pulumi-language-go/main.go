// Command pulumi-language-go is a minimal Go language host for the pulumi CLI.
//
// Why it exists: the Go module proxy these machines reach serves the Pulumi Go SDK
// (github.com/pulumi/pulumi/sdk/v3) but not the upstream Go language host module
// (github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3), so a machine without a pulumi install cannot build
// the upstream host, and a Go program (examples/go) cannot run. The engine needs from a language host little
// more than `Run`: build the program with `go build`, start the binary with the monitor address, project, stack
// and config in the environment variables the Go SDK reads (sdk/v3/go/pulumi/run.go), and report how it ended.
// Everything that decides what a deployment does happens in the real engine.
//
// What it leaves out (unimplemented, so the engine falls back or reports it): plugin discovery from go.mod
// (plugins come from PATH or the plugin cache), dependency installation (`pulumi install`; run `go mod tidy`
// yourself), the `buildTarget` option and `PULUMI_GO_USE_RUN`, debugging, `pulumi about` details, packing and
// policy packs. The `binary` option (run a prebuilt program instead of building one) is honoured, and it writes
// code for `pulumi import` with Pulumi's own generator.
package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-streamkap.local/tools/pulumi-cli/internal/hostkit"
)

// version is set at build time with -ldflags "-X main.version=…" to the pulumi version it was built beside.
var version = "0.0.0-dev"

type languageHost struct {
	hostkit.Base
}

func main() {
	hostkit.Serve("pulumi-language-go", func(engineAddress string) pulumirpc.LanguageRuntimeServer {
		return &languageHost{hostkit.Base{
			EngineAddress: engineAddress,
			Version:       version,
			Generate:      gogen.GenerateProgram,
			WriteProject:  gogen.GenerateProject,
		}}
	})
}

func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := req.GetInfo().GetProgramDirectory()
	if programDir == "" {
		programDir = req.GetPwd()
	}

	env, err := h.runEnvironment(req)
	if err != nil {
		return nil, err
	}

	program, failure := programBinary(ctx, programDir, req.GetInfo().GetOptions().AsMap())
	if failure != "" {
		return &pulumirpc.RunResponse{Error: failure}, nil
	}
	if program.cleanup != nil {
		defer program.cleanup()
	}

	cmd := exec.CommandContext(ctx, program.path, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr

	return hostkit.RunOutcome(cmd.Run(), "the Go program "+program.path), nil
}

type builtProgram struct {
	path    string
	cleanup func()
}

// programBinary is the executable to run: the `binary` runtime option when Pulumi.yaml names one, else the
// program built now into a temporary directory. A build runs in the caller's environment, so GOMODCACHE,
// GOCACHE, GOFLAGS and GOPROXY apply as they would to the user's own `go build`; with a warm GOCACHE a rebuild
// only links. On failure it answers what went wrong, with go build's output, for the user to read.
func programBinary(ctx context.Context, programDir string, options map[string]any) (builtProgram, string) {
	if binary, ok := options["binary"].(string); ok && binary != "" {
		if filepath.Base(binary) != binary { // a path, as opposed to a command name to look up on PATH
			if !filepath.IsAbs(binary) {
				binary = filepath.Join(programDir, binary)
			}
			return builtProgram{path: binary}, ""
		}
		found, err := exec.LookPath(binary)
		if err != nil {
			return builtProgram{}, fmt.Sprintf("the `binary` option names %q, which is not on PATH", binary)
		}
		return builtProgram{path: found}, ""
	}

	goBin, err := exec.LookPath("go")
	if err != nil {
		return builtProgram{}, "could not find `go` on PATH to build the program: install Go (https://go.dev/dl/)"
	}
	dir, err := os.MkdirTemp("", "pulumi-go-")
	if err != nil {
		return builtProgram{}, fmt.Sprintf("could not make a directory to build the Go program in: %v", err)
	}
	cleanup := func() { _ = os.RemoveAll(dir) }
	binary := filepath.Join(dir, "program")

	var output bytes.Buffer
	build := exec.CommandContext(ctx, goBin, "build", "-o", binary, ".")
	build.Dir = programDir
	build.Stdout = &output
	build.Stderr = &output
	finished := announceSlowBuild(os.Stderr)
	err = build.Run()
	finished()
	if err != nil {
		cleanup()
		why := strings.TrimSpace(output.String())
		if why == "" {
			why = err.Error()
		}
		return builtProgram{}, fmt.Sprintf("`go build` of the program in %s failed:\n%s", programDir, why)
	}
	return builtProgram{path: binary, cleanup: cleanup}, ""
}

// A build that has not finished after slowBuildNotice gets a line saying what it is doing, and one that took
// longer than slowBuildReport gets a line saying how long it took: the first build of a Go program on a machine
// compiles the Pulumi Go SDK (issue #30 reports 27 minutes for examples/go's first `pulumi up`), and the engine
// shows nothing else meanwhile. Go has no cheap way to tell a first build from a later one, which takes seconds, hence the timer.
const (
	slowBuildNotice = 5 * time.Second
	slowBuildReport = 30 * time.Second
)

// announceSlowBuild starts the clock on a `go build`: after slowBuildNotice it writes to w (the language host's
// stderr, which the engine shows) that the build is under way and may take minutes. The function it answers, called
// when the build has finished, stops the timer and, after a long build, writes how long it took.
func announceSlowBuild(w io.Writer) (finished func()) {
	started := time.Now()
	var mu sync.Mutex
	done := false
	timer := time.AfterFunc(slowBuildNotice, func() {
		mu.Lock()
		defer mu.Unlock()
		if !done {
			fmt.Fprintln(w, "building the Go program with `go build` (the first build on a machine compiles the Pulumi Go SDK: "+
				"several minutes on 2 cores, longer on a busy machine; later builds take seconds)…")
		}
	})
	return func() {
		timer.Stop()
		mu.Lock()
		defer mu.Unlock()
		done = true
		if took := time.Since(started); took > slowBuildReport {
			fmt.Fprintf(w, "`go build` of the Go program took %s\n", took.Round(time.Second))
		}
	}
}

// runEnvironment is the caller's environment plus the run's details in the variables pulumi.Run reads.
func (h *languageHost) runEnvironment(req *pulumirpc.RunRequest) ([]string, error) {
	config, secretKeys, err := hostkit.Config(req)
	if err != nil {
		return nil, err
	}

	env := os.Environ()
	set := func(name, value string) {
		// Later entries win in exec, so these override anything stale the caller had set.
		if value != "" {
			env = append(env, name+"="+value)
		}
	}
	set("PULUMI_MONITOR", req.GetMonitorAddress())
	set("PULUMI_ENGINE", h.EngineAddress)
	set("PULUMI_ORGANIZATION", req.GetOrganization())
	set("PULUMI_PROJECT", req.GetProject())
	set("PULUMI_STACK", req.GetStack())
	set("PULUMI_ROOT_DIRECTORY", req.GetInfo().GetRootDirectory())
	set("PULUMI_CONFIG", config)
	set("PULUMI_CONFIG_SECRET_KEYS", secretKeys)
	set("PULUMI_DRY_RUN", strconv.FormatBool(req.GetDryRun()))
	set("PULUMI_PARALLEL", strconv.Itoa(int(req.GetParallel())))
	return env, nil
}
