! RUN: %privateer_fortran --checks=-*,privateer-shared-buffer --verify-diagnostics %s
!
! Correct Fortran OpenMP loops: private, reduction, critical, atomic,
! lastprivate (Flang copies out under a last-iteration test), private
! arrays, each iteration its own element. privateer stays silent.
! expected-no-diagnostics

subroutine ok(a, b, n)
  integer :: n, i, j
  real :: a(n), b(n), tmp, s, t, last, w(4)
  s = 0
  t = 0
  !$omp parallel do private(tmp)
  do i = 1, n
    tmp = a(i) * 2
    b(i) = tmp + 1
  end do
  !$omp end parallel do
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end parallel do
  !$omp parallel do
  do i = 1, n
    !$omp critical
    s = s + a(i)
    !$omp end critical
    !$omp atomic
    t = t + a(i)
  end do
  !$omp end parallel do
  !$omp parallel do lastprivate(last)
  do i = 1, n
    last = a(i)
  end do
  !$omp end parallel do
  !$omp parallel do
  do i = 2, n
    b(i) = a(i - 1) + a(i)
  end do
  !$omp end parallel do
  !$omp parallel do private(w)
  do i = 1, n
    do j = 1, 4
      w(j) = a(i) * j
    end do
    b(i) = w(1) + w(4)
  end do
  !$omp end parallel do
end subroutine

subroutine pairs(x, y, n)
  integer :: n, i, k
  real :: x(n), y(n), acc
  ! A stencil with a private accumulator.
  !$omp parallel do private(acc)
  do i = 2, n - 1
    acc = 0
    do k = -1, 1
      acc = acc + x(i + k)
    end do
    y(i) = acc / 3
  end do
  !$omp end parallel do
  ! Swapped pairs: 2i and 2i - 1 belong to iteration i alone.
  !$omp parallel do
  do i = 1, n / 2
    y(2 * i) = x(2 * i - 1)
    y(2 * i - 1) = x(2 * i)
  end do
  !$omp end parallel do
  ! Four elements per iteration, as a section.
  !$omp parallel do
  do i = 1, n / 4
    y(4 * i - 3:4 * i) = x(i)
  end do
  !$omp end parallel do
  ! A step of 2 over pairs.
  !$omp parallel do
  do i = 1, n, 2
    y(i) = 0
    y(i + 1) = 1
  end do
  !$omp end parallel do
end subroutine
