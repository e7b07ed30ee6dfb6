import { pascalName } from "../../catalogue/naming";

/** The SDK's typed class for a connector code, e.g. `sqlserveraws` source → `SqlServerAwsSource`. */
export function typedClassName(kind: "source" | "destination", code: string): string {
  return `${pascalName(code)}${kind === "source" ? "Source" : "Destination"}`;
}
