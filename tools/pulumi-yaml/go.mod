// Builds Pulumi YAML's language host (pulumi-language-yaml) for machines without one (scripts/toolchain.sh).
module pulumi-streamkap.local/tools/pulumi-yaml

go 1.25

require github.com/pulumi/pulumi-yaml v1.25.0 // indirect
