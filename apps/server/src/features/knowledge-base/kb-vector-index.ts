import { systemClock, type Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { assignLists, listCount, PROBE_SHARE, probeLists, sampleFor, trainIvf, type Ivf } from "./kb-ivf.ts";
import type { DocumentVectorsRow, KbVectorIndexRepo, ReadyDocument } from "./kb-vector-index.repo.ts";
import { dotRow, seededRandom, TopK, unitVector } from "./kb-vector-math.ts";

/** One document's embeddings in memory: unit float32 rows in passage order, and each row's IVF list once placed. */
type Block = {
  documentId: string;
  version: string;
  dims: number;
  ids: string[];
  matrix: Float32Array;
  lists: Uint16Array | null;
  listsOf: Ivf | null;
  /** The index it is being placed into (placed once, whoever asks first). */
  placing?: Ivf;
  warned?: boolean;
};
type OrgVectors = {
  /** The kb_vector_generations value `docs` reflects; -1 once told the org changed. */
  generation: number;
  /** The org's ready documents and their versions. */
  docs: Map<string, string>;
  /** The blocks loaded so far: those of the documents questions have asked about. */
  blocks: Map<string, Block>;
  loading: Promise<void> | null;
  ivf: Ivf | null;
  refreshing: Promise<void> | null;
  training: Promise<void> | null;
  /** When a question last asked about the org (ms): an org left alone for IDLE_MS is dropped from memory. */
  usedAt: number;
};

/**
 * Up to this many multiply-adds a question scans every vector in scope (≈ 8,000 passages of 256 dimensions, a few ms).
 */
export const EXACT_WORK = 2_000_000;
// Documents whose blocks are read in one query (a block of 5,000 passages at 768 dimensions is 15 MB, 20 MB
// as the base64 text it travels as).
const BLOCKS_PER_READ = 4;
// An organisation nobody has asked about for this long gives its memory back (read again in seconds when asked).
export const IDLE_MS = 30 * 60_000;
const SWEEP_MS = 60_000;

/** The block as stored: float32 little-endian (x86 and ARM both are). Copied: a row's bytes may be unaligned. */
function blockOf(row: DocumentVectorsRow): Block {
  const bytes = new Uint8Array(row.vectors.byteLength);
  bytes.set(row.vectors);
  return {
    documentId: row.document_id,
    version: row.version,
    dims: row.dims,
    ids: row.passage_ids,
    matrix: new Float32Array(bytes.buffer),
    lists: null,
    listsOf: null,
  };
}

/**
 * Vector ranking without pgvector, in every process that answers questions: each organisation's embeddings
 * are held in memory (one float32 block per document, loaded from kb_document_vectors the first time a
 * question covers that document: a worker answering calls holds only its campaigns' documents), and every
 * question first reads the org's generation (migration 0220) so a document added or deleted by any process
 * is seen at once: only the documents whose version changed are read again. Small scopes (a campaign's
 * documents, an org of a few thousand passages) are scanned exactly; beyond EXACT_WORK an IVF index
 * (kb-ivf.ts), trained in the background from the same data the same way in every process, limits the scan
 * to the lists nearest the question. Never throws for bad vectors: a wrong-length or empty one is skipped
 * with a log line.
 */
export function createKbVectorIndex({
  repo,
  logger,
  exactWork = EXACT_WORK,
  probeShare = PROBE_SHARE,
  clock = systemClock,
}: {
  repo: KbVectorIndexRepo;
  logger?: Logger;
  exactWork?: number;
  probeShare?: number;
  clock?: Clock;
}) {
  const orgs = new Map<string, OrgVectors>();
  let sweptAt = 0;

  /** Drops the organisations idle for IDLE_MS (checked at most once a minute, on a question). */
  function sweep(now: number): void {
    if (now - sweptAt < SWEEP_MS) return;
    sweptAt = now;
    for (const [orgId, s] of orgs)
      if (now - s.usedAt > IDLE_MS && !s.refreshing && !s.loading && !s.training) orgs.delete(orgId);
  }

  const stateOf = (orgId: string): OrgVectors => {
    let s = orgs.get(orgId);
    if (!s) {
      s = {
        generation: -1,
        docs: new Map(),
        blocks: new Map(),
        loading: null,
        ivf: null,
        refreshing: null,
        training: null,
        usedAt: 0,
      };
      orgs.set(orgId, s);
    }
    return s;
  };

  /**
   * The document's block, stored for the other processes; null when it is not ready. From the embeddings
   * ingestion has in hand when given (one per passage, in position order), else from the real[] copies.
   */
  async function buildBlock(documentId: string, embeddings?: number[][]): Promise<Block | null> {
    const known = embeddings ? await repo.passageIds(documentId) : null;
    const source =
      known && known.ids.length === embeddings!.length
        ? { version: known.version, passages: known.ids.map((id, i) => ({ id, embedding: embeddings![i]! })) }
        : await repo.embeddedPassages(documentId);
    if (!source) return null;
    const dims = source.passages[0]?.embedding.length ?? 0;
    const ids: string[] = [];
    const matrix = new Float32Array(source.passages.length * dims);
    for (const p of source.passages) {
      const unit = unitVector(p.embedding, dims);
      if (!unit) {
        logger?.warn(
          { documentId, passageId: p.id, dims: p.embedding.length, expected: dims },
          "knowledge base: an embedding of another length or without direction is skipped",
        );
        continue;
      }
      matrix.set(unit, ids.length * dims);
      ids.push(p.id);
    }
    const block: Block = {
      documentId,
      version: source.version,
      dims,
      ids,
      matrix: matrix.slice(0, ids.length * dims),
      lists: null,
      listsOf: null,
    };
    const vectors = new Uint8Array(block.matrix.buffer, block.matrix.byteOffset, block.matrix.byteLength);
    await repo
      .saveDocumentVectors(documentId, { version: block.version, dims, passage_ids: ids, vectors })
      .catch((err: unknown) =>
        logger?.warn({ err, documentId }, "knowledge base: document vectors not stored; built again on the next load"),
      );
    return block;
  }

  /** Reads the blocks of these documents (built from real[] where none is stored at their version). */
  async function loadBlocks(orgId: string, state: OrgVectors, ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += BLOCKS_PER_READ) {
      const chunk = ids.slice(i, i + BLOCKS_PER_READ);
      const stored = new Map((await repo.documentVectors(orgId, chunk)).map((r) => [r.document_id, r]));
      for (const id of chunk) {
        const row = stored.get(id);
        const block = row && row.version === state.docs.get(id) ? blockOf(row) : await buildBlock(id);
        // The document may have changed meanwhile: only its current version is kept.
        if (block && block.version === state.docs.get(id)) state.blocks.set(id, block);
      }
    }
    const ivf = state.ivf;
    if (ivf) for (const block of state.blocks.values()) if (block.listsOf !== ivf) void place(ivf, block);
  }

  /** Loads the blocks of the documents in scope not yet held, once (one load at a time per org). */
  async function ensureLoaded(orgId: string, state: OrgVectors, ids: string[]): Promise<void> {
    while (state.loading) await state.loading;
    const missing = ids.filter((id) => !state.blocks.has(id));
    if (!missing.length) return;
    state.loading = loadBlocks(orgId, state, missing).finally(() => {
      state.loading = null;
    });
    await state.loading;
  }

  /** Brings the org's document list up to date with its generation: one primary-key read when nothing changed. */
  async function refresh(orgId: string, state: OrgVectors): Promise<void> {
    while (state.refreshing) await state.refreshing;
    // Read before the documents: a change committed in between only causes one more refresh later.
    const generation = await repo.generation(orgId);
    if (generation === state.generation) return;
    state.refreshing ??= (async () => {
      state.docs = new Map((await repo.readyDocuments(orgId)).map((d) => [d.id, d.version]));
      for (const [id, block] of state.blocks) if (state.docs.get(id) !== block.version) state.blocks.delete(id);
      state.generation = generation;
    })().finally(() => {
      state.refreshing = null;
    });
    await state.refreshing;
  }

  /** Puts a block's rows into the index's lists in the background; until then questions scan the block whole. */
  async function place(ivf: Ivf, block: Block): Promise<void> {
    if (block.dims !== ivf.dims || block.placing === ivf) return;
    block.placing = ivf;
    const lists = await assignLists(ivf, block.matrix);
    block.lists = lists;
    block.listsOf = ivf;
  }

  /** Trains an index when the org outgrows exact scans, or has doubled or halved since the last one. */
  function maybeTrain(orgId: string, state: OrgVectors, dims: number): void {
    let total = 0;
    for (const b of state.blocks.values()) if (b.dims === dims) total += b.ids.length;
    const ivf = state.ivf;
    if (state.training || total * dims <= exactWork) return;
    if (ivf && ivf.dims === dims && total <= 2 * ivf.builtFor && total >= ivf.builtFor / 2) return;
    const blocks = [...state.blocks.values()]
      .filter((b) => b.dims === dims)
      .sort((a, b) => (a.documentId < b.documentId ? -1 : 1));
    state.training = (async () => {
      const started = performance.now();
      // A sample spread evenly over the org's rows in document-id order: the same in every process.
      const take = sampleFor(total);
      const sample = new Float32Array(take * dims);
      let at = 0;
      for (let k = 0, seen = 0; k < take; k++) {
        const row = Math.floor((k * total) / take);
        while (row >= seen + blocks[at]!.ids.length) seen += blocks[at++]!.ids.length;
        sample.set(blocks[at]!.matrix.subarray((row - seen) * dims, (row - seen + 1) * dims), k * dims);
      }
      const next = await trainIvf(sample, dims, total, seededRandom(total * 31 + dims));
      // A first index serves each block as soon as it is placed; a retrained one waits until all are.
      if (state.ivf?.dims !== dims) state.ivf = next;
      for (const block of state.blocks.values()) await place(next, block);
      state.ivf = next;
      logger?.info(
        { orgId, vectors: total, lists: listCount(next), ms: Math.round(performance.now() - started) },
        "knowledge base: vector index trained",
      );
    })()
      .catch((err: unknown) =>
        logger?.warn({ err, orgId }, "knowledge base: vector index not trained; questions scan every vector"),
      )
      .finally(() => {
        state.training = null;
      });
  }

  /** The passage ids nearest `q` among the blocks, best first. */
  function scan(state: OrgVectors, blocks: Block[], q: Float32Array, limit: number, exact: boolean): string[] {
    const rows = blocks.reduce((n, b) => n + b.ids.length, 0);
    const ivf = !exact && state.ivf && state.ivf.dims === q.length && rows * q.length > exactWork ? state.ivf : null;
    const mask = ivf ? probeLists(ivf, q, Math.ceil(listCount(ivf) * probeShare)) : null;
    const top = new TopK<string>(limit);
    for (const b of blocks) {
      const lists = mask && b.listsOf === ivf ? b.lists : null;
      for (let r = 0; r < b.ids.length; r++) {
        if (lists && !mask![lists[r]!]) continue;
        const score = dotRow(b.matrix, r, q);
        if (score > top.floor) top.push(b.ids[r]!, score);
      }
    }
    return top.items.map((i) => i.item);
  }

  /** The blocks in scope of the question's length, scanned (the org's blocks brought up to date first). */
  async function nearest(
    orgId: string,
    query: number[],
    limit: number,
    documentIds: string[] | null,
    exact: boolean,
  ): Promise<string[]> {
    const q = unitVector(query, query.length);
    if (!q) {
      logger?.warn(
        { dims: query.length },
        "knowledge base: the question's embedding has no direction; vector ranking skipped",
      );
      return [];
    }
    const now = clock.now().getTime();
    sweep(now);
    const state = stateOf(orgId);
    state.usedAt = now;
    await refresh(orgId, state);
    const scope = documentIds ? documentIds.filter((id) => state.docs.has(id)) : [...state.docs.keys()];
    await ensureLoaded(orgId, state, scope);
    const inScope = scope.flatMap((id) => state.blocks.get(id) ?? []);
    const blocks = inScope.filter((b) => {
      if (b.ids.length === 0) return false;
      if (b.dims === q.length) return true;
      if (!b.warned)
        logger?.warn(
          { documentId: b.documentId, dims: b.dims, questionDims: q.length },
          "knowledge base: a document's embeddings have another length than the " +
            "question's (another model?); skipped until it is indexed again",
        );
      b.warned = true;
      return false;
    });
    // Only a question that would use it trains an index: a call's few documents are scanned exactly.
    if (blocks.reduce((n, b) => n + b.ids.length, 0) * q.length > exactWork) maybeTrain(orgId, state, q.length);
    return scan(state, blocks, q, limit, exact);
  }

  return {
    /**
     * Builds and stores the document's block once its passages are stored (ingest); loading it again is then one read.
     */
    async store(documentId: string, embeddings?: number[][]): Promise<void> {
      await buildBlock(documentId, embeddings);
    },

    nearest: (orgId: string, query: number[], limit: number, documentIds: string[] | null) =>
      nearest(orgId, query, limit, documentIds, false),
    /** The exact ranking, every vector in scope scanned (the bench's and tests' reference for recall). */
    nearestExact: (orgId: string, query: number[], limit: number, documentIds: string[] | null) =>
      nearest(orgId, query, limit, documentIds, true),

    /** This process changed the org's documents: its next question reads the generation's documents again. */
    forget(orgId: string): void {
      const state = orgs.get(orgId);
      if (state) state.generation = -1;
    },

    /** What the org's vectors take (the bench; tests wait on `training`). */
    stats(orgId: string) {
      const state = orgs.get(orgId);
      const blocks = [...(state?.blocks.values() ?? [])];
      return {
        passages: blocks.reduce((n, b) => n + b.ids.length, 0),
        vectorBytes: blocks.reduce((n, b) => n + b.matrix.byteLength + (b.lists?.byteLength ?? 0), 0),
        lists: state?.ivf ? listCount(state.ivf) : 0,
        training: state?.training ?? null,
      };
    },
  };
}
export type KbVectorIndex = ReturnType<typeof createKbVectorIndex>;
