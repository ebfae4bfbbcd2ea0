/**
 * The V8 heap limits every server process runs with (docs/decisions/0031-the-server-s-heap.md): the same in
 * the Docker image's CMD, `npm start`, `npm run serve` and the scale bench's servers (a test holds the first three to them).
 * Left to itself on a machine with plenty of memory, V8 lets a server's heap grow by hundreds of megabytes of
 * garbage before it collects any: a long export then looks, from outside, like one that buffers.
 */
export const serverNodeFlags = ["--max-semi-space-size=8", "--max-old-space-size=512"] as const;
