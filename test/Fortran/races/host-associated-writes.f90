! RUN: %expect-exit 1 %privateer_fortran --checks=-*,privateer-shared-buffer --dump-model %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
! A contained procedure reaches its host's variables through the tuple of
! their addresses it is handed: one that increments host m makes m a value
! of each iteration (a[m + i], not a[1 + i] from m = 1 before the loop);
! one that only reads m, also by handing it to a procedure that only reads
! it, leaves m one value: a(m) is one element every iteration writes.
module host_mod
contains
  integer function twice(k)
    integer :: k
    twice = 2 * k
  end function
end module

subroutine host_written(n, a)
  integer :: n, m, i
  real :: a(2 * n + 1)
  m = 1
  !$omp parallel do
  do i = 1, n
    call inc()
    a(m + i) = i
  end do
contains
  subroutine inc()
    m = m + 1
  end subroutine
end subroutine
! CHECK-LABEL: region '!$omp parallel do'
! CHECK: symbol m: opaque
! CHECK: access #2 write a[m + i]
! CHECK: host-associated-writes.f90:21:5: warning: shared counter 'm' is updated by every iteration

subroutine host_read(n, m, a)
  use host_mod
  integer :: n, m, i
  real :: a(2 * n)
  !$omp parallel do
  do i = 1, n
    call look(i)
    a(m) = i
  end do
contains
  subroutine look(j)
    integer :: j
    a(n + j) = twice(m)
  end subroutine
end subroutine
! CHECK-LABEL: region '!$omp parallel do'
! CHECK: access {{.*}} write a[m]
! CHECK: host-associated-writes.f90:41:5: warning: 'a' is written by every iteration at the same element
