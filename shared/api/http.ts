/** The HTTP methods of the API's routes: the route manifest's and the web client's. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
