! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! '!$omp end do nowait' before another '!$omp do' of the same team: no
! barrier orders the two loops, so an element one writes and the other
! reads in another iteration races. The same iteration of two loops with
! the same bounds and static schedule runs on one thread (silent).

subroutine fire(a, b, c, n)
  integer :: n, i
  real :: a(n), b(n), c(n)
  !$omp parallel
  ! expected-note@+1 {{this '!$omp do' ends with 'nowait': without it, the barrier at its end would order the two loops}}
  !$omp do
  do i = 1, n
    ! expected-note@+1 {{the previous loop writes 'a[i]' here}}
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do
  do i = 1, n - 1
    ! expected-warning@+1 {{'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations: a thread that finishes its share of the first loop starts this one while others still run the first [privateer-shared-buffer]}}
    b(i) = a(i + 1)
  end do
  !$omp end do
  !$omp end parallel
  ! Two loops back, through a nowait loop that does not touch c.
  !$omp parallel
  ! expected-note@+1 {{this '!$omp do' ends with 'nowait'}}
  !$omp do
  do i = 1, n
    ! expected-note@+1 {{the previous loop writes 'c[i]' here}}
    c(i) = i
  end do
  !$omp end do nowait
  !$omp do
  do i = 1, n
    a(i) = 0
  end do
  !$omp end do nowait
  !$omp do
  do i = 1, n
    ! expected-warning@+1 {{'c' is written by the previous loop, which ends with 'nowait', and read here in other iterations}}
    b(i) = c(n + 1 - i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine

! Bounds that may differ (n, m): iteration i of each loop need not run on
! one thread, even for the same element.
subroutine other_bounds(a, b, n, m)
  integer :: n, m, i
  real :: a(n), b(n)
  !$omp parallel
  ! expected-note@+1 {{this '!$omp do' ends with 'nowait'}}
  !$omp do
  do i = 1, n
    ! expected-note@+1 {{the previous loop writes 'a[i]' here}}
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do
  do i = 1, m
    ! expected-warning@+1 {{'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations}}
    b(i) = a(i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine

subroutine silent(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  ! The same element in the same iteration of loops with the same bounds.
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$omp end do
  !$omp end parallel
  ! Without nowait the first loop ends with a barrier.
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i
  end do
  !$omp end do
  !$omp do
  do i = 1, n - 1
    b(i) = a(i + 1)
  end do
  !$omp end do
  !$omp end parallel
  ! An explicit barrier between them.
  !$omp parallel
  !$omp do
  do i = 1, n
    a(i) = i
  end do
  !$omp end do nowait
  !$omp barrier
  !$omp do
  do i = 1, n - 1
    b(i) = a(i + 1)
  end do
  !$omp end do
  !$omp end parallel
end subroutine
