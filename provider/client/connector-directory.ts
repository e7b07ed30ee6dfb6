/**
 * The sources and destinations this process has just created or updated, by id: their name and connector, as the
 * service answered them. A pipeline's body names both ends (TF internal/api/pipeline.go:15-24); a program on the
 * TypeScript classes passes them along (`endpoints`), but one declaring a pipeline by ids (any plugin SDK) would
 * otherwise cost a read of each end. Its ends are created or updated earlier in the same run (the pipeline
 * depends on them), through the same client, so what they answered is at hand. Nothing here outlives the process.
 * An id stays known after its object is deleted: ids are never reused, and a pipeline still naming a deleted end
 * is refused by the service itself.
 */
export interface KnownConnector {
  name: string;
  connector: string;
  /**
   * A source's topics as its answer listed them (`topics`, else `topic_ids`); absent when the answer had none. A
   * pipeline that names no topics takes these instead of reading the source again moments later. An empty list is
   * not kept: it says the topics are not known yet (a new source's may be found later), so the source is read.
   */
  topics?: string[];
}

export type ConnectorSide = "source" | "destination";

export class ConnectorDirectory {
  private readonly known = new Map<string, KnownConnector>();

  remember(side: ConnectorSide, id: string, connector: KnownConnector): void {
    const { topics, ...rest } = connector;
    this.known.set(`${side}/${id}`, topics !== undefined && topics.length > 0 ? { ...rest, topics } : rest);
  }

  recall(side: ConnectorSide, id: string): KnownConnector | undefined {
    return this.known.get(`${side}/${id}`);
  }
}
