/**
 * The process's log. On a terminal, one short line per event ("GET /shop → 200 in 12 ms"),
 * for a person watching `npm start`; anywhere else (a service manager, a pipe, a log
 * collector), one JSON object per line. LOG_FORMAT=pretty or json overrides the guess.
 */
import { pino, type DestinationStream, type Logger } from "pino";
import { prettyFactory } from "pino-pretty";

export type LogFormat = "pretty" | "json";

export interface Output extends DestinationStream {
  isTTY?: boolean;
}

/** How many requests may be under way at once before the oldest is forgotten (its line then says "request"). */
const REQUESTS_REMEMBERED = 1000;

export function createLogger(
  { level, format }: { level: string; format?: LogFormat | undefined },
  output: Output = process.stdout,
): Logger {
  if ((format ?? (output.isTTY ? "pretty" : "json")) === "json") return pino({ level }, output);
  return pino({ level }, prettyLines(output));
}

/**
 * Fastify logs each request twice, as it arrives and as it is answered, with its whole
 * description; on a terminal that is a dozen lines a request. Here the answer is one
 * line naming the request (the URL as the app's serializer redacted it) and the arrival
 * none.
 */
function prettyLines(output: Output): DestinationStream {
  const prettify = prettyFactory({
    colorize: Boolean(output.isTTY),
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
  });
  const requests = new Map<unknown, string>();
  return {
    write(line: string) {
      const log = JSON.parse(line) as Record<string, unknown> & {
        req?: { method?: string; url?: string };
        res?: { statusCode?: number };
        responseTime?: number;
      };
      if (log.msg === "incoming request" && log.req) {
        requests.set(log.reqId, `${log.req.method} ${log.req.url}`);
        if (requests.size > REQUESTS_REMEMBERED) requests.delete(requests.keys().next().value);
        return;
      }
      if (log.msg === "request completed" && log.res) {
        log.msg = `${requests.get(log.reqId) ?? "request"} → ${log.res.statusCode} in ${Math.round(log.responseTime ?? 0)} ms`;
        requests.delete(log.reqId);
      }
      output.write(prettify(log));
    },
  };
}
