// A real local HTTP server speaking the GitHub REST endpoints the action uses: GET /user, list,
// create and update issue comments (paginated with Link headers), get a pull request (the
// companion), with failure modes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type Mode = 'ok' | '403' | '404' | '5xx' | '5xx-once' | 'rate-limit';

export interface Comment {
  id: number;
  body: string;
  user: { login: string };
  html_url: string;
}

export interface FakeGitHub {
  readonly url: string;
  mode: Mode;
  /** issue number → comments, in creation order. */
  readonly comments: Map<number, Comment[]>;
  readonly requests: string[];
  /** Page size the server uses, whatever per_page says (to exercise pagination). */
  pageSize: number;
  /** Pull request number → its head commit. */
  readonly pulls: Map<number, string>;
  addComment(issue: number, body: string, login: string): Comment;
  close(): Promise<void>;
}

export const BOT = 'github-actions[bot]';

export async function startFakeGitHub(): Promise<FakeGitHub> {
  let nextId = 1000;
  let failedOnce = false;
  const state = {
    mode: 'ok' as Mode,
    comments: new Map<number, Comment[]>(),
    requests: [] as string[],
    pageSize: 2,
    pulls: new Map<number, string>(),
  };
  const addComment = (issue: number, body: string, login: string): Comment => {
    const c = { id: nextId++, body, user: { login }, html_url: `https://github.example/o/r/pull/${issue}#issuecomment-${nextId}` };
    state.comments.set(issue, [...(state.comments.get(issue) ?? []), c]);
    return c;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const write = req.method !== 'GET';
    if (state.mode === 'rate-limit') {
      return send(res, 403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '9999999999' });
    }
    if (state.mode === '5xx' || (state.mode === '5xx-once' && !failedOnce)) {
      failedOnce = true;
      return send(res, 502, { message: 'Bad Gateway' });
    }
    if (url.pathname === '/user') return send(res, 403, { message: 'Resource not accessible by integration' });
    if (state.mode === '404') return send(res, 404, { message: 'Not Found' });
    if (state.mode === '403' && write) return send(res, 403, { message: 'Resource not accessible by integration' });

    const pull = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(url.pathname);
    if (pull && req.method === 'GET') {
      const sha = state.pulls.get(Number(pull[1]));
      return sha ? send(res, 200, { number: Number(pull[1]), head: { sha } }) : send(res, 404, { message: 'Not Found' });
    }
    let m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const all = state.comments.get(Number(m[1])) ?? [];
      const page = Number(url.searchParams.get('page') ?? '1');
      const slice = all.slice((page - 1) * state.pageSize, page * state.pageSize);
      const last = Math.max(1, Math.ceil(all.length / state.pageSize));
      const headers: Record<string, string> = {};
      if (page < last) {
        const next = new URL(url);
        next.searchParams.set('page', String(page + 1));
        headers['link'] = `<http://${req.headers.host}${next.pathname}${next.search}>; rel="next"`;
      }
      return send(res, 200, slice, headers);
    }
    if (m && req.method === 'POST') return send(res, 201, addComment(Number(m[1]), JSON.parse(body).body, BOT));
    m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'PATCH') {
      for (const list of state.comments.values()) {
        const c = list.find((x) => x.id === Number(m![1]));
        if (!c) continue;
        if (c.user.login !== BOT) return send(res, 403, { message: 'not yours' });
        c.body = JSON.parse(body).body;
        return send(res, 200, c);
      }
      return send(res, 404, { message: 'Not Found' });
    }
    send(res, 404, { message: `no route ${req.method} ${url.pathname}` });
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c)).on('end', () => handle(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    addComment,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
