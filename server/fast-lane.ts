import type { Server } from "node:http";
import type { Socket } from "node:net";
import { type RequestHead, readRequestHead } from "./request-head.ts";

/**
 * The fast lane: stored pages answered straight from the connection, without node:http.
 *
 * node:http spends about 30 µs of CPU per request on its own (parser callbacks, request and response objects,
 * header validation, events, timers), which alone holds a cached page to about half of nginx's requests per
 * second on one core (docs/decisions/0001-fast-lane.md, `npm run bench`). Here each new connection is read
 * first by this lane: while every request on it is a plain GET or HEAD of a stored page (request-head.ts says
 * what plain is), the lane writes the stored answer, whose header block was built when the page was stored.
 * At the first request that is anything else (not stored, not plain, or not complete in what has arrived) the
 * connection is handed to node:http for the rest of its life, that request included, from its first byte:
 * node:http parses it as if it had read the connection from the start.
 *
 * Both paths send the same bytes for a stored page (site-server.test.ts compares them). The lane keeps
 * node:http's keep-alive timeout; a head that arrives in pieces goes to node:http, with its limits on
 * slow and large heads.
 */

export interface LaneAnswer {
  /** The status line and every header, blank line included. */
  head: string;
  /** Null for a HEAD or a 304. */
  body: Buffer | null;
}

export interface FastLane {
  /** Ends the lane's connections (each is idle between two requests) and hands new ones to node:http. */
  stop(): void;
}

/**
 * Puts the lane in front of `server`'s connections. `answer` gives the bytes for a request, or undefined
 * to leave it to node:http.
 */
export function installFastLane(server: Server, answer: (request: RequestHead) => LaneAnswer | undefined): FastLane {
  // node:http's own handling of a connection: documented as the way to hand it one ("connection" event).
  const listener = server.listeners("connection")[0];
  if (typeof listener !== "function") throw new Error("installFastLane: the server has no connection listener");
  const httpConnection = listener as (this: Server, socket: Socket) => void;
  server.removeListener("connection", httpConnection);
  const sockets = new Set<Socket>();
  let stopped = false;
  // A fault in the lane must not take the process down with it: node:http answers that request instead.
  const answerSafely = (request: RequestHead) => {
    try {
      return answer(request);
    } catch {
      return undefined;
    }
  };

  server.on("connection", (socket: Socket) => {
    if (stopped) {
      httpConnection.call(server, socket);
      return;
    }
    sockets.add(socket);
    socket.setTimeout(server.keepAliveTimeout);

    function handOff(rest: Buffer | null) {
      socket.pause();
      socket.off("data", onData);
      socket.off("timeout", onTimeout);
      socket.off("end", onEnd);
      socket.off("error", onError);
      socket.off("drain", onDrain);
      socket.setTimeout(0);
      sockets.delete(socket);
      if (rest && rest.length > 0) socket.unshift(rest);
      httpConnection.call(server, socket);
      // node:http reads what was put back first, then the connection: requests stay in order.
      socket.resume();
    }

    function onData(data: Buffer) {
      // Stopping ended this connection: what the client sent meanwhile is not answered, as by node:http.
      if (stopped) return;
      // One character per byte, so that positions in the text are positions in the data.
      const text = data.toString("latin1");
      let start = 0;
      while (start < data.length) {
        const request = readRequestHead(text, start);
        const reply = request !== null && request !== "incomplete" ? answerSafely(request) : undefined;
        if (!reply || request === null || request === "incomplete") {
          handOff(data.subarray(start));
          return;
        }
        socket.cork();
        socket.write(reply.head, "latin1");
        if (reply.body) socket.write(reply.body);
        socket.uncork();
        start = request.end;
      }
      // A client that sends faster than it reads is not read until it has caught up.
      if (socket.writableNeedDrain) socket.pause();
    }
    const onDrain = () => socket.resume();
    const onTimeout = () => socket.destroy();
    // Every answer is written by the time the client's end arrives.
    const onEnd = () => socket.end();
    const onError = () => socket.destroy();
    socket.on("data", onData);
    socket.on("drain", onDrain);
    socket.on("timeout", onTimeout);
    socket.on("end", onEnd);
    socket.on("error", onError);
    socket.once("close", () => sockets.delete(socket));
  });

  return {
    stop() {
      stopped = true;
      for (const socket of sockets) socket.end();
      sockets.clear();
    },
  };
}

let dateSecond = -1;
let dateText = "";

/** The Date header's value, made once a second, as node:http does. */
export function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}
