// Stand-in for the `server-only` guard in tests (which run on the server by definition).
export {};
