! RUN: not %privateer_fortran --checks=-*,privateer-same-value-store,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning:
!
! Every work item storing one value into a shared variable is
! privateer-same-value-store's (a race that loses nothing), in Fortran as in
! C: a logical flag, the team's size, an element of an array the region
! does not write at a subscript every thread computes alike. A value that
! differs between work items, or a read between the stores, is a race that
! loses data (privateer-shared-buffer's).
subroutine anyneg(n, a, found)
  integer :: n, i
  real :: a(n)
  logical :: found
  found = .false.
  !$omp parallel do
  do i = 1, n
    if (a(i) < 0) found = .true.
  end do
  !$omp end parallel do
end subroutine
! CHECK: same-value-store.f90:[[@LINE-4]]:19: warning: 'found' is written by more than one iteration with the same value ('1') without synchronization: a data race the OpenMP standard does not allow, though no store loses anything [privateer-same-value-store]

subroutine team(nt)
  use omp_lib
  integer :: nt
  !$omp parallel
  nt = omp_get_num_threads()
  !$omp end parallel
end subroutine
! CHECK: same-value-store.f90:[[@LINE-3]]:3: warning: 'nt' is written by every thread with the same value ('omp_get_num_threads()')

subroutine bounds(nb, bnd, lo, x, n)
  integer :: nb, n, lo, i
  integer :: bnd(nb)
  real :: x(n)
  !$omp parallel
  lo = bnd(nb)
  !$omp barrier
  !$omp do
  do i = lo, n
    x(i) = 0
  end do
  !$omp end do
  !$omp end parallel
end subroutine
! CHECK: same-value-store.f90:[[@LINE-9]]:3: warning: 'lo' is written by every thread with the same value ('bnd(nb)')

subroutine differs(n, v)
  integer :: n, v, i
  !$omp parallel do
  do i = 1, n
    v = i
  end do
end subroutine
! CHECK: same-value-store.f90:[[@LINE-3]]:5: warning: 'v' is written by every iteration without synchronization [privateer-shared-buffer]

subroutine element_differs(n, k, idx, lo)
  integer :: n, k, i, lo
  integer :: idx(n)
  !$omp parallel do
  do i = 1, n
    lo = idx(i)
  end do
end subroutine
! CHECK: same-value-store.f90:[[@LINE-3]]:5: warning: 'lo' is written by every iteration without synchronization [privateer-shared-buffer]

subroutine read_between(n, a, flag)
  integer :: n, i, flag
  real :: a(n)
  !$omp parallel do
  do i = 1, n
    flag = 1
    a(i) = flag
  end do
end subroutine
! CHECK: same-value-store.f90:[[@LINE-4]]:5: warning: shared buffer 'flag' is scratch that every iteration overwrites

subroutine once(n, flag)
  integer :: n, flag
  !$omp parallel
  !$omp single
  flag = 1
  !$omp end single
  !$omp end parallel
end subroutine
