! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! '!$omp parallel' without a worksharing loop: every thread runs the body.
! A shared temporary and a shared element written by every thread race;
! a slot per thread number, critical, a barrier and single do not, and a
! region with '!$omp do' inside is analysed as the loop.

subroutine team(x, out, n)
  use omp_lib
  integer :: n, id, k
  ! expected-note@+2 {{'tmp' is declared here, outside the parallel region, so all threads share it}}
  ! expected-note@+1 {{'out' is declared here, outside the parallel region, so all threads share it}}
  real :: x(n), out(64), tmp, total
  total = 0
  ! expected-note@+3 {{'tmp' is shared by this '!$omp parallel'}}
  ! expected-note@+2 {{'out' is shared by this '!$omp parallel'}}
  ! expected-note@+1 {{no automatic fix: 'tmp' is used after the construct, and a private copy would leave it undefined there}}
  !$omp parallel
  ! expected-warning@+2 {{shared buffer 'tmp' is scratch that every thread overwrites; the threads race on it [privateer-shared-buffer]}}
  ! expected-note@+1 {{thread 0 and thread 1 both write 'tmp'}}
  tmp = x(1) * 2
  ! expected-warning@+2 {{'out' is written by every thread at the same element without synchronization [privateer-shared-buffer]}}
  ! expected-note@+1 {{thread 0 and thread 1 both write 'out[1]'}}
  out(1) = tmp
  !$omp end parallel
  !$omp parallel private(id)
  id = omp_get_thread_num()
  out(id + 1) = x(id + 1)
  !$omp end parallel
  !$omp parallel private(id, tmp)
  id = omp_get_thread_num()
  tmp = x(id + 1)
  !$omp critical
  total = total + tmp
  !$omp end critical
  !$omp barrier
  !$omp single
  out(1) = total
  !$omp end single
  !$omp end parallel
  !$omp parallel
  !$omp do
  do k = 1, n
    out(k) = x(k)
  end do
  !$omp end do
  !$omp end parallel
end subroutine
