/**
 * A real SMTP server on a free local port, just enough of RFC 5321 for nodemailer to
 * deliver plain messages (no TLS, no auth), so tests exercise the SMTP path for real.
 */
import { createServer, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, blank line, body. */
  data: string;
}

export interface SmtpListener {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = "";
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let dataLines: string[] | null = null;

    socket.on("data", (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf("\r\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (dataLines) {
          if (line === ".") {
            received.push({ ...mail, data: dataLines.join("\r\n") });
            mail = { from: "", to: [], data: "" };
            dataLines = null;
            reply("250 2.0.0 Queued");
          } else {
            dataLines.push(line.startsWith("..") ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL") {
          mail.from = /<(.*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 OK");
        } else if (verb === "RCPT") {
          mail.to.push(/<(.*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 OK");
        } else if (verb === "DATA") {
          dataLines = [];
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET") {
          mail = { from: "", to: [], data: "" };
          reply("250 2.0.0 OK");
        } else if (verb === "NOOP") reply("250 2.0.0 OK");
        else if (verb === "QUIT") {
          reply("221 2.0.0 Bye");
          socket.end();
        } else reply("502 5.5.2 Command not recognised");
      }
    });
    reply("220 localhost ESMTP test listener");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
