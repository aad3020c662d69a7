// A std::string reused as a formatting/parsing buffer inside an OpenMP loop,
// against the per-iteration, per-thread and firstprivate versions.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <string>
#include <vector>

void shared_line(int n, std::vector<std::size_t> &len, const std::vector<std::string> &words) {
  std::string line;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    line = words[i]; // expected-warning {{shared buffer 'line' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    line += ";";
    len[i] = line.size();
  }
}

void shared_key(int n, std::vector<std::string> &keys) {
  std::string key;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    key.clear(); // expected-warning {{shared buffer 'key' is scratch}}
    key += "id-";
    key += std::to_string(i);
    keys[i] = key;
  }
}

void local_key(int n, std::vector<std::string> &keys) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::string key = "id-";
    key += std::to_string(i);
    keys[i] = key;
  }
}

void firstprivate_key(int n, std::vector<std::string> &keys) {
  std::string key;
  key.reserve(32);
#pragma omp parallel for firstprivate(key)
  for (int i = 0; i < n; i++) {
    key.clear();
    key += "id-";
    key += std::to_string(i);
    keys[i] = key;
  }
}

void shared_prefix_read_only(int n, std::vector<std::string> &keys) {
  const std::string prefix = "id-";
  std::string sep = "/"; // shared, only read
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    keys[i] = prefix + sep + std::to_string(i);
}
