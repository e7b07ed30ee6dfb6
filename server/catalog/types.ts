// Compact shape of the generated connector catalogue (see regenerate.ts).
export interface RawField {
  key: string;
  t?: string;
  r?: number;
  s?: number;
  d?: string | number | boolean;
  e?: readonly string[];
  g?: readonly number[];
}
export interface RawConnector {
  kind: string;
  code: string;
  fields: readonly RawField[];
}
