/**
 * The e2e tests' direct calls to the server under test: what a test sets up or checks through the
 * API rather than the screen (a booking to work on, what the server holds afterwards).
 */
export interface ApiClient {
  /** POST JSON as `token` (a bearer token), answering the parsed body; throws on a non-2xx answer. */
  api<T>(path: string, body: unknown, token?: string): Promise<T>;
  /** Signs `username` in to `database` (Demo Couriers), answering the bearer token. */
  login(username: string, password: string, database?: string): Promise<string>;
}

/** An ApiClient for the server at `baseUrl`. */
export function apiClient(baseUrl: string): ApiClient {
  const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const login = async (username: string, password: string, database = 'Demo Couriers') =>
    (await api<{ token: string }>('/api/auth/login', { database, username, password })).token;
  return { api, login };
}
