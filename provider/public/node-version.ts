/**
 * The Node.js check for entry points outside the provider (the `pulumi-streamkap` commands): apart from
 * provider/public/cli so that it loads nothing else before it has run.
 */
export { exitOnUnsupportedNode, minimumNodeVersion, nodeVersionProblem } from "../node-version";
