//go:build tools

// Package tools pins actionlint, the GitHub Actions workflow checker, so `go build` can produce it: `npm test`
// checks .github/workflows with it.
package tools

import (
	_ "github.com/rhysd/actionlint/cmd/actionlint"
)
