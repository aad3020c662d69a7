// tbb::parallel_pipeline, with the real oneTBB headers and no -fopenmp: a
// filter_mode::parallel filter takes many items at once, so what it writes
// outside the item races with itself; serial filters take one item at a
// time but run beside the other filters, so a buffer one filter writes and
// another filter reads is shared. The stages of one item run in order: two
// filters touching the element of their own item do not race.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/parallel_pipeline.h>

// The input filter hands out indices 0, 1, ..., n-1.
#define SOURCE(n, next)                                                        \
  tbb::make_filter<void, int>(tbb::filter_mode::serial_in_order,               \
                              [&](tbb::flow_control &fc) -> int {              \
                                if (next == n) {                               \
                                  fc.stop();                                   \
                                  return 0;                                    \
                                }                                              \
                                return next++;                                 \
                              })

void parallel_filter_scratch(int n, const double *in, double *out) {
  double t[8];
  int next = 0;
  tbb::parallel_pipeline(
      4, SOURCE(n, next) &
             tbb::make_filter<int, void>(tbb::filter_mode::parallel,
                                         [&](int i) {
                                           for (int k = 0; k < 8; ++k)
                                             t[k] = in[i] * k; // expected-warning {{shared buffer 't' is scratch}}
                                           out[i] = t[7];
                                         }));
}

double parallel_filter_scalar(int n, const double *in) {
  double last = 0;
  int next = 0;
  tbb::parallel_pipeline(
      4, SOURCE(n, next) &
             tbb::make_filter<int, void>(tbb::filter_mode::parallel,
                                         [&](int i) {
                                           last = in[i]; // expected-warning {{'last' is written by every iteration}}
                                         }));
  return last;
}

// Two serial filters: each alone is fine, but the first writes 'cur' for
// the next item while the last still reads it for an earlier one.
double serial_filters_share(int n, const double *in) {
  double cur = 0, sum = 0;
  int next = 0;
  tbb::parallel_pipeline(
      2, SOURCE(n, next) &
             tbb::make_filter<int, int>(tbb::filter_mode::serial_in_order,
                                        [&](int i) {
                                          cur = in[i]; // expected-warning {{'cur'}}
                                          return i;
                                        }) &
             tbb::make_filter<int, void>(tbb::filter_mode::serial_in_order,
                                         [&](int) { sum += cur; }));
  return sum;
}

// The filters given one by one, a filter object built by its constructor.
void variadic_form(int n, const double *in, double *out) {
  double t[4];
  int next = 0;
  tbb::parallel_pipeline(
      4, SOURCE(n, next),
      tbb::filter<int, void>(tbb::filter_mode::parallel, [&](int i) {
        for (int k = 0; k < 4; ++k)
          t[k] = in[i] + k; // expected-warning {{shared buffer 't' is scratch}}
        out[i] = t[0] * t[3];
      }));
}

// Silent.

// Each filter writes only its own item's element, the serial ones keep
// their own state, the parallel one its own scratch.
double item_elements(int n, const double *in, double *out) {
  double sum = 0;
  int next = 0;
  tbb::parallel_pipeline(
      4, SOURCE(n, next) &
             tbb::make_filter<int, int>(tbb::filter_mode::parallel,
                                        [&](int i) {
                                          double t[8];
                                          for (int k = 0; k < 8; ++k)
                                            t[k] = in[i] * k;
                                          out[i] = t[7];
                                          return i;
                                        }) &
             tbb::make_filter<int, void>(tbb::filter_mode::serial_out_of_order,
                                         [&](int i) {
                                           out[i] += 1;
                                           sum += out[i];
                                         }));
  return sum;
}

// A serial filter's buffer, used by no other filter: one item at a time.
void serial_scratch(int n, const double *in, double *out) {
  double t[8];
  int next = 0;
  const auto chain =
      SOURCE(n, next) &
      tbb::make_filter<int, void>(tbb::filter_mode::serial_in_order, [&](int i) {
        for (int k = 0; k < 8; ++k)
          t[k] = in[i] * k;
        out[i] = t[7];
      });
  tbb::parallel_pipeline(4, chain);
}

// Read-only sharing between filters.
void shared_reads(int n, const double *in, double *out, double scale) {
  int next = 0;
  tbb::parallel_pipeline(
      4, SOURCE(n, next) &
             tbb::make_filter<int, int>(tbb::filter_mode::parallel,
                                        [&](int i) {
                                          out[i] = in[i] * scale;
                                          return i;
                                        }) &
             tbb::make_filter<int, void>(tbb::filter_mode::parallel,
                                         [&](int i) { out[i] += scale; }));
}

// The usual shape: the input filter makes an item, the parallel filter
// works on it, the output filter consumes and frees it.
struct Item {
  double v[16];
  double sum;
  int id;
};

double items_through_pointers(int n, const double *in, double *out) {
  int next = 0;
  double total = 0;
  tbb::parallel_pipeline(
      8,
      tbb::make_filter<void, Item *>(tbb::filter_mode::serial_in_order,
                                     [&](tbb::flow_control &fc) -> Item * {
                                       if (next == n) {
                                         fc.stop();
                                         return nullptr;
                                       }
                                       Item *it = new Item;
                                       it->id = next;
                                       for (int k = 0; k < 16; ++k)
                                         it->v[k] = in[next] + k;
                                       ++next;
                                       return it;
                                     }) &
          tbb::make_filter<Item *, Item *>(tbb::filter_mode::parallel,
                                           [&](Item *it) -> Item * {
                                             it->sum = 0;
                                             for (int k = 0; k < 16; ++k)
                                               it->sum += it->v[k] * it->v[k];
                                             return it;
                                           }) &
          tbb::make_filter<Item *, void>(tbb::filter_mode::serial_in_order,
                                         [&](Item *it) {
                                           total += it->sum;
                                           out[it->id] = it->sum;
                                           delete it;
                                         }));
  return total;
}
