#include "runner/descriptor_passing.h"

#include <fmt/format.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace sg {

void send_with_descriptors(int socket, const std::string& message, std::span<const int> fds,
                           const char* what) {
  const std::size_t bytes = fds.size() * sizeof(int);
  std::vector<char> control_data(CMSG_SPACE(bytes), 0);
  iovec data{const_cast<char*>(message.data()), message.size()};
  msghdr header{};
  header.msg_iov = &data;
  header.msg_iovlen = 1;
  header.msg_control = control_data.data();
  header.msg_controllen = control_data.size();
  cmsghdr* rights = CMSG_FIRSTHDR(&header);
  rights->cmsg_level = SOL_SOCKET;
  rights->cmsg_type = SCM_RIGHTS;
  rights->cmsg_len = CMSG_LEN(bytes);
  std::memcpy(CMSG_DATA(rights), fds.data(), bytes);
  ssize_t n;
  do {
    n = ::sendmsg(socket, &header, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(message.size())) {
    throw std::runtime_error(
        fmt::format("{}: {}", what, std::error_code(errno, std::system_category()).message()));
  }
}

}  // namespace sg
