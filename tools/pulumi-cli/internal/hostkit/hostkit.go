// Package hostkit is what our minimal language hosts (cmd/pulumi-language-nodejs, cmd/pulumi-language-go) share:
// serving the engine's LanguageRuntime protocol, the calls every host answers the same way, the stack's
// configuration as the language SDKs read it, and how a program's exit becomes the engine's answer. Each host
// adds only how it runs a program of its language.
package hostkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"pulumi-streamkap.local/tools/pulumi-cli/internal/programgen"
)

// ExitCodeAfterLoggedError is what the Node.js and Go SDKs exit with when they have already shown the user an
// actionable error; the engine must then not print a second, generic one.
const ExitCodeAfterLoggedError = 32

// Base answers the calls every host answers alike. A host embeds it and adds Run.
type Base struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	// EngineAddress is the engine's, from the command line or the handshake.
	EngineAddress string
	// Version is the host's own, as `pulumi about` shows it.
	Version string
	// Generate writes a program in the host's language for `pulumi import`.
	Generate programgen.Generator
	// WriteProject writes a project in the host's language for `pulumi convert`; nil where the host has none.
	WriteProject programgen.ProjectGenerator
}

// Serve starts the gRPC server of the host that newHost makes (given the engine's address from the command line),
// prints its port for the engine, and serves until the engine goes away. name prefixes what it prints on failure.
func Serve(name string, newHost func(engineAddress string) pulumirpc.LanguageRuntimeServer) {
	engineAddress := ""
	for _, arg := range os.Args[1:] {
		// The engine passes its own address as the last positional argument; flags may come before it.
		if !strings.HasPrefix(arg, "-") {
			engineAddress = arg
		}
	}
	host := newHost(engineAddress)
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: could not start the language host: %v\n", name, err)
		os.Exit(1)
	}
	// The engine reads the port from our first line of output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "%s: stopped serving: %v\n", name, err)
		os.Exit(1)
	}
}

func (b *Base) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		b.EngineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (b *Base) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: b.Version}, nil
}

// GetRequiredPlugins names none: plugins come from PATH, a project's `plugins` paths or the plugin cache.
func (b *Base) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (b *Base) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// GenerateProgram writes the code `pulumi import` prints for the imported resources, with Pulumi's own generator.
func (b *Base) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return programgen.Generate(ctx, req, b.Generate)
}

// GenerateProject writes the project `pulumi convert` asks for, with Pulumi's own generator.
func (b *Base) GenerateProject(
	ctx context.Context, req *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	return programgen.GenerateProject(ctx, req, b.WriteProject)
}

// Link adds local SDKs to a program's dependencies. `pulumi convert` asks for it even when it made no SDK, the only
// case these hosts answer: a program on the Streamkap plugin takes its SDK from the language's registry.
func (b *Base) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	if len(req.GetPackages()) > 0 {
		return nil, status.Error(codes.Unimplemented, "this language host does not link local SDKs into a program")
	}
	return &pulumirpc.LinkResponse{}, nil
}

// Config is the stack's configuration and its secret keys as JSON, as PULUMI_CONFIG and PULUMI_CONFIG_SECRET_KEYS
// carry them to the SDKs.
func Config(req *pulumirpc.RunRequest) (config, secretKeys string, err error) {
	values := req.GetConfig()
	if values == nil {
		values = map[string]string{}
	}
	keys := req.GetConfigSecretKeys()
	if keys == nil {
		keys = []string{}
	}
	configJSON, err := json.Marshal(values)
	if err != nil {
		return "", "", fmt.Errorf("serializing stack configuration: %w", err)
	}
	keysJSON, err := json.Marshal(keys)
	if err != nil {
		return "", "", fmt.Errorf("serializing secret configuration keys: %w", err)
	}
	return string(configJSON), string(keysJSON), nil
}

// RunOutcome is the engine's answer for a program that ended with err; what names the program in a failure
// to start it.
func RunOutcome(err error, what string) *pulumirpc.RunResponse {
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}
	case errors.As(err, &exitErr) && exitErr.ExitCode() == ExitCodeAfterLoggedError:
		return &pulumirpc.RunResponse{Bail: true}
	case errors.As(err, &exitErr):
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not start %s: %v", what, err)}
	}
}
