// Passing descriptors over a unix socket (SCM_RIGHTS): how the supervisor hands a run's pipes to
// a box server (box.h) and a forked test's streams to a fork server (fork_server.h).
#pragma once

#include <span>
#include <string>

namespace sg {

/// Sends `message` on the unix socket `socket` (one datagram of a SOCK_SEQPACKET socket) with the
/// descriptors `fds` attached; retried on EINTR, never raises SIGPIPE. Throws std::runtime_error
/// "<what>: <system error>" when the message cannot be sent whole.
void send_with_descriptors(int socket, const std::string& message, std::span<const int> fds,
                           const char* what);

}  // namespace sg
