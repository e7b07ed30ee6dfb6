import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "**/node_modules/", "tools/", "coverage/", "sdk-gen/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        __dirname: "readonly",
        console: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    // The SDK and the commands reach the provider through its public entries only (docs/architecture.md).
    files: ["sdk/**/*.ts", "cli/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)provider/(?!public/)",
              allowTypeImports: true,
              message: "Import the provider through provider/public/sdk or the faces of provider/public/cli/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The lifecycle procedures sit below the kinds: a kind hands them what they need (docs/architecture.md).
    files: ["provider/lifecycle/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)kinds(/|$)",
              message: "provider/lifecycle imports only the engine and the client; the kind passes what it needs.",
            },
          ],
        },
      ],
    },
  },
  {
    // The plugin serves Pulumi's protocol with its own code: it runs on no copy of @pulumi/pulumi a user installed,
    // and leans on no other package's internals (docs/architecture.md).
    files: ["provider/plugin/**/*.ts", "provider/protocol/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@pulumi/|google-protobuf)",
              message: "The plugin speaks Pulumi's protocol through provider/protocol, never through @pulumi/pulumi.",
            },
          ],
        },
      ],
    },
  },
  {
    // The local server imitates the service on its own; of the house it reads only the catalogue, as data.
    files: ["server/**/*.ts", "catalogue/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(provider|sdk|cli)/",
              message: "The server and the catalogue import nothing of the provider, the SDK or the commands.",
            },
          ],
        },
      ],
    },
  },
);
