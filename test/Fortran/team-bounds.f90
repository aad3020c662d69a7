! RUN: not %privateer_fortran --checks=-*,privateer-threadid-index %s 2>&1 | FileCheck %s --implicit-check-not=warning:
! RUN: %privateer_fortran --checks=-*,privateer-threadid-index %S/Inputs/team-set-elsewhere.f90 2>&1 | FileCheck %s --check-prefix=SET --allow-empty
!
! Slots indexed by the thread number against the team that runs: Fortran's
! arrays start at their lower bound (1 unless declared), so cnt(id + 1) of
! a cnt(4) fits num_threads(4) exactly, as does cnt(id) of a cnt(0:3). A
! team nothing bounds (no num_threads, no omp_set_num_threads in the file)
! outgrows any fixed number of slots: certain. Where the program sets the
! team's size elsewhere, the finding is held back.
! SET-NOT: warning:
subroutine fits(x, cnt, n)
  use omp_lib
  integer :: n, k, id
  real :: x(n), cnt(4)
  !$omp parallel private(id) num_threads(4)
  id = omp_get_thread_num()
  cnt(id + 1) = x(1)
  !$omp end parallel
end subroutine

subroutine zero_based(x, cnt, n)
  use omp_lib
  integer :: n, k, id
  real :: x(n), cnt(0:3)
  !$omp parallel private(id) num_threads(4)
  id = omp_get_thread_num()
  cnt(id) = x(1)
  !$omp end parallel
end subroutine

subroutine too_few(x, cnt, n)
  use omp_lib
  integer :: n, k, id
  real :: x(n), cnt(4)
  !$omp parallel private(id) num_threads(8)
  id = omp_get_thread_num()
  ! CHECK: team-bounds.f90:[[@LINE+1]]:3: warning: 'cnt' has 4 elements but is indexed by the thread number, and 'num_threads(8)' makes thread 4 access past its end
  cnt(id + 1) = x(1)
  !$omp end parallel
end subroutine

subroutine unbounded(x, cnt, n)
  use omp_lib
  integer :: n, k, id
  real :: x(n), cnt(16)
  !$omp parallel private(id)
  id = omp_get_thread_num()
  ! CHECK: team-bounds.f90:[[@LINE+1]]:3: warning: 'cnt' has 16 elements but is indexed by the thread number, and nothing bounds the team of this '!$omp parallel': with more than 16 threads (OMP_NUM_THREADS, or a machine with more cores), thread 16 accesses past its end
  cnt(id + 1) = x(1)
  !$omp end parallel
end subroutine
