// Call counters: every API call received, in order, for tests and benchmarks that count requests.
export interface CallRecord {
  method: string;
  path: string;
  status: number;
  serviceId?: string;
}

export class CallStats {
  private calls: CallRecord[] = [];

  record(call: CallRecord): void {
    this.calls.push(call);
  }

  snapshot(): { calls: CallRecord[] } {
    return { calls: this.calls.map((c) => ({ ...c })) };
  }

  reset(): void {
    this.calls = [];
  }
}
