//go:build tools

// Package tools pins the pulumi CLI module so `go build` can produce the binary.
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
