// hclread reads HCL with github.com/hashicorp/hcl/v2, the parser Terraform and OpenTofu read configurations and
// addresses with, and prints what it read as JSON, so tests can hold the files `from-terraform` writes to what
// Terraform will take from them (tests/harness/hcl.ts):
//
//	hclread file <path> [name=value…]
//	                            the file's blocks: type, labels, attributes (a traversal as its steps, any other
//	                            expression as its value, evaluated with the string variables given), nested blocks
//	hclread addresses           standard input: a JSON list of addresses, each parsed as `terraform state rm`
//	                            parses one (hclsyntax.ParseTraversalAbs); prints the steps of each
//	hclread strings             standard input: a JSON list of HCL quoted strings; prints each one's value
//
// Anything HCL refuses is printed as {"error": "..."} in the item's place.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type step struct {
	Attr  *string          `json:"attr,omitempty"`
	Index *json.RawMessage `json:"index,omitempty"`
}

type attribute struct {
	Traversal []step          `json:"traversal,omitempty"`
	Value     json.RawMessage `json:"value,omitempty"`
	Error     string          `json:"error,omitempty"`
}

type block struct {
	Type       string               `json:"type"`
	Labels     []string             `json:"labels"`
	Attributes map[string]attribute `json:"attributes"`
	Blocks     []block              `json:"blocks"`
}

// context holds the variables `file` evaluates attributes with (none for the other commands).
var context *hcl.EvalContext

func main() {
	if len(os.Args) < 2 {
		fail("usage: hclread file <path> | hclread addresses | hclread strings")
	}
	var out any
	switch os.Args[1] {
	case "file":
		if len(os.Args) < 3 {
			fail("usage: hclread file <path> [name=value…]")
		}
		variables := map[string]cty.Value{}
		for _, assignment := range os.Args[3:] {
			name, value, ok := strings.Cut(assignment, "=")
			if !ok {
				fail("a variable is name=value: " + assignment)
			}
			variables[name] = cty.StringVal(value)
		}
		context = &hcl.EvalContext{Variables: variables}
		out = readFile(os.Args[2])
	case "addresses":
		var items []string
		readInput(&items)
		results := make([]any, len(items))
		for i, item := range items {
			traversal, diags := hclsyntax.ParseTraversalAbs([]byte(item), "address", hcl.InitialPos)
			if diags.HasErrors() {
				results[i] = map[string]string{"error": diags.Error()}
			} else {
				results[i] = steps(traversal)
			}
		}
		out = results
	case "strings":
		var items []string
		readInput(&items)
		results := make([]any, len(items))
		for i, item := range items {
			expr, diags := hclsyntax.ParseExpression([]byte(item), "string", hcl.InitialPos)
			if diags.HasErrors() {
				results[i] = map[string]string{"error": diags.Error()}
				continue
			}
			results[i] = evaluate(expr)
		}
		out = results
	default:
		fail("unknown command " + os.Args[1])
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err.Error())
	}
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "hclread:", message)
	os.Exit(2)
}

func readInput(into any) {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(err.Error())
	}
	if err := json.Unmarshal(data, into); err != nil {
		fail("standard input is not a JSON list of strings: " + err.Error())
	}
}

func readFile(path string) any {
	source, err := os.ReadFile(path)
	if err != nil {
		fail(err.Error())
	}
	file, diags := hclsyntax.ParseConfig(source, path, hcl.InitialPos)
	if diags.HasErrors() {
		return map[string]string{"error": diags.Error()}
	}
	body := file.Body.(*hclsyntax.Body)
	return map[string]any{"attributes": attributes(body), "blocks": blocks(body)}
}

func blocks(body *hclsyntax.Body) []block {
	result := []block{}
	for _, b := range body.Blocks {
		labels := b.Labels
		if labels == nil {
			labels = []string{}
		}
		result = append(result, block{Type: b.Type, Labels: labels, Attributes: attributes(b.Body), Blocks: blocks(b.Body)})
	}
	return result
}

func attributes(body *hclsyntax.Body) map[string]attribute {
	result := map[string]attribute{}
	for name, attr := range body.Attributes {
		// A reference (`from = streamkap_tag.env`): its steps. A keyword (`false`) is a value, not a reference.
		if reference, ok := attr.Expr.(*hclsyntax.ScopeTraversalExpr); ok {
			result[name] = attribute{Traversal: steps(reference.Traversal)}
			continue
		}
		value := evaluate(attr.Expr)
		if failure, ok := value.(map[string]string); ok {
			result[name] = attribute{Error: failure["error"]}
		} else {
			result[name] = attribute{Value: value.(json.RawMessage)}
		}
	}
	return result
}

// evaluate gives an expression's value with no variables or functions: a literal's value, or why there is none.
func evaluate(expr hcl.Expression) any {
	value, diags := expr.Value(context)
	if diags.HasErrors() {
		return map[string]string{"error": diags.Error()}
	}
	encoded, err := ctyjson.Marshal(value, value.Type())
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	return json.RawMessage(encoded)
}

func steps(traversal hcl.Traversal) []step {
	result := []step{}
	for _, traverser := range traversal {
		switch t := traverser.(type) {
		case hcl.TraverseRoot:
			name := t.Name
			result = append(result, step{Attr: &name})
		case hcl.TraverseAttr:
			name := t.Name
			result = append(result, step{Attr: &name})
		case hcl.TraverseIndex:
			encoded, err := ctyjson.Marshal(t.Key, t.Key.Type())
			if err != nil || t.Key.Type() == cty.DynamicPseudoType {
				encoded = json.RawMessage(`null`)
			}
			raw := json.RawMessage(encoded)
			result = append(result, step{Index: &raw})
		}
	}
	return result
}
