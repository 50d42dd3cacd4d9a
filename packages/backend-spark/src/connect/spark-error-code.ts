/**
 * Stable codes of the Spark backend's connection problems, on
 * `SparkError.sparkCode` and at the start of the message (`[SPARK_TIMEOUT] …`).
 * Each is a THUND_CONNECTION ThundError; the code says which problem it is.
 * A code never changes meaning once published; tools may branch on it.
 */
export const SparkErrorCode = {
  /** A deadline expired: no connection established within `timeouts.connectMs`, or no answer to a unary call within `timeouts.unaryMs`. */
  Timeout: 'SPARK_TIMEOUT',
  /** Something answered on the port, but not as a gRPC server (an HTTP/1.1 web server, another protocol, an HTTP status instead of gRPC). */
  NotSparkConnect: 'SPARK_NOT_SPARK_CONNECT',
  /** Nothing listens on the port (the connection was refused). */
  ConnectionRefused: 'SPARK_CONNECTION_REFUSED',
  /** The connection could not be made or was lost (reset, closed, keepalive pings unanswered), and retrying did not restore it. */
  ConnectionFailed: 'SPARK_CONNECTION_FAILED',
  /** The server refused the credentials (token). */
  Unauthenticated: 'SPARK_UNAUTHENTICATED',
} as const;

/** One of the {@link SparkErrorCode} values. */
export type SparkErrorCode = (typeof SparkErrorCode)[keyof typeof SparkErrorCode];
