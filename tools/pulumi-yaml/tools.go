//go:build tools

// Package tools pins Pulumi YAML's language host so `go build` can produce it: the engine runs YAML programs
// (examples/yaml) through it, with the Streamkap provider plugin.
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
