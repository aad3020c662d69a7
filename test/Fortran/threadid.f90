! RUN: %privateer_fortran --checks=-*,privateer-threadid-index --report-may --verify-diagnostics %s
!
! privateer-threadid-index on Fortran: a slot per thread number in an array
! of 64 four-byte elements, updated in a loop: the team may have more
! threads than slots, and sixteen slots share a cache line.

subroutine counts(x, cnt, n)
  use omp_lib
  integer :: n, k, id
  ! expected-note@+1 {{'cnt' is declared here}}
  real :: x(n), cnt(64)
  ! expected-note@+2 {{size it for the team that runs}}
  ! expected-note@+1 {{accumulate in a local variable and write 'cnt[thread + 1]' once after the loop}}
  !$omp parallel private(id, k)
  id = omp_get_thread_num()
  do k = 1, n
    ! expected-warning@+3 {{'cnt' has 64 elements but is indexed by the thread number, and nothing bounds the team of this '!$omp parallel': with more than 64 threads (OMP_NUM_THREADS, or a machine with more cores), thread 64 accesses past its end [privateer-threadid-index]}}
    ! expected-warning@+2 {{threads write 'cnt[thread + 1]' in a loop, and 16 slots of 4 bytes share each 64-byte cache line: the line moves between cores on every write (false sharing) [privateer-threadid-index]}}
    ! expected-note@+1 {{threads 0 and 1 write 'cnt[0]' and 'cnt[1]' in one 64-byte line}}
    cnt(id + 1) = cnt(id + 1) + x(k)
  end do
  !$omp end parallel
end subroutine
