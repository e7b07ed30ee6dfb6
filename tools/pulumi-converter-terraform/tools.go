//go:build tools

// Package tools pins Pulumi's Terraform converter plugin so `go build` can produce it: `pulumi convert --from
// terraform` runs it to turn Terraform programs that use the Streamkap provider into Pulumi programs.
package tools

import (
	_ "github.com/pulumi/pulumi-converter-terraform/cmd/pulumi-converter-terraform"
)
