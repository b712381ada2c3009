/**
 * A real SMTP server on a free local port, just enough of RFC 5321 for nodemailer to
 * deliver plain messages (no TLS), so tests exercise the SMTP path for real. Given a
 * username and password, it offers AUTH PLAIN and LOGIN as a mail provider does, and takes
 * mail only from a client that signed in with them.
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
  port: number;
  received: ReceivedMail[];
  /** Each sign-in tried: the username and password as sent, and whether they were taken. */
  logins: { username: string; password: string; accepted: boolean }[];
  close(): Promise<void>;
}

export async function startSmtpListener(account?: { username: string; password: string }): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const logins: SmtpListener["logins"] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = "";
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let dataLines: string[] | null = null;
    let signedIn = !account;
    /** AUTH LOGIN asks for the username, then the password, each on a line of its own. */
    let loginStep: { username?: string } | null = null;
    const signIn = (username: string, password: string) => {
      const accepted = !!account && username === account.username && password === account.password;
      logins.push({ username, password, accepted });
      signedIn = accepted;
      reply(accepted ? "235 2.7.0 Authentication successful" : "535 5.7.8 Authentication credentials invalid");
    };
    const decode = (text: string) => Buffer.from(text, "base64").toString("utf8");

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
        if (loginStep) {
          if (loginStep.username === undefined) {
            loginStep.username = decode(line);
            reply("334 UGFzc3dvcmQ6");
          } else {
            const { username } = loginStep;
            loginStep = null;
            signIn(username, decode(line));
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply(account ? "250-localhost\r\n250 AUTH PLAIN LOGIN" : "250 localhost");
        else if (verb === "HELO") reply("250 localhost");
        else if (verb === "AUTH" && account) {
          const [, method = "", initial] = line.split(" ");
          if (method.toUpperCase() === "PLAIN" && initial) {
            const [, username = "", password = ""] = decode(initial).split("\0");
            signIn(username, password);
          } else if (method.toUpperCase() === "LOGIN") {
            loginStep = {};
            reply("334 VXNlcm5hbWU6");
          } else reply("504 5.5.4 Unrecognised authentication type");
        } else if (verb === "MAIL" && !signedIn) reply("530 5.7.0 Authentication required");
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
    port,
    received,
    logins,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
