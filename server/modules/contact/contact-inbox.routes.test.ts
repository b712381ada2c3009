import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../tests/support/test-app";
import { adminCookie, freshAddress } from "../../../tests/support/admin-session";

const t = useTestApp();

const send = (subject: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "Ada Obi", email: "ada@example.com", phoneNumber: "08012345678", subject, message: "Hello" },
    remoteAddress: freshAddress(),
    headers,
  });

describe("the admin inbox", () => {
  it("lists messages newest first with the unread count, marks them read and deletes them", async () => {
    const cookie = await adminCookie(t);
    for (const subject of ["First", "Second", "Third"]) expect((await send(subject)).statusCode).toBe(201);

    const list = await t.app.inject({ method: "GET", url: "/api/admin/operations/messages", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ messages: { _id: string; subject: string; read: boolean }[] }>();
    expect(body).toMatchObject({ total: 3, unread: 3, hasMore: false });
    expect(body.messages.map((m) => m.subject)).toEqual(["Third", "Second", "First"]);

    const third = body.messages[0]!._id;
    const read = await t.app.inject({
      method: "PUT",
      url: `/api/admin/operations/messages/${third}/read`,
      payload: { read: true },
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    const afterRead = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations/messages?limit=2",
      headers: { cookie },
    });
    expect(afterRead.json()).toMatchObject({ total: 3, unread: 2, hasMore: true });
    expect(afterRead.json().messages[0]).toMatchObject({ subject: "Third", read: true });

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/operations/messages/${third}`,
      headers: { cookie },
    });
    expect(deleted.json()).toEqual({ message: "Message deleted." });
    const missing = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/operations/messages/${third}`,
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: "PUT",
      url: "/api/admin/operations/messages/nope/read",
      payload: { read: true },
      headers: { cookie },
    });
    expect(malformed.statusCode).toBe(404);
  });
});
