! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The comparisons of the branches around an access hold for it: only the
! iterations that pass them can meet there.
subroutine even_iterations(x, n)
  integer :: n, k
  real :: x(n)
  !$omp parallel do
  do k = 1, n
    ! k even: k/2 is distinct (without the test, k = 2 and 3 meet).
    if (mod(k, 2) == 0) x(k / 2) = k
  end do
  !$omp end parallel do
end subroutine

subroutine halves(x, n)
  integer :: n, k
  real :: x(2 * n)
  !$omp parallel do
  do k = 1, 2 * n
    if (k > n) then
      x(k) = 1
    else
      x(k + 0) = 2
    end if
  end do
  !$omp end parallel do
end subroutine

! MUMPS's send path (darrowheads.F): with one process every entry is
! local and the shared send buffer is never written.
subroutine serial_path(nz, isend_shr, nsent, nlocal)
  integer :: nz, k, dest, nprocs, isend_shr, nsent, nlocal
  nprocs = 1
  !$omp parallel do private(dest) reduction(+:nlocal)
  do k = 1, nz
    dest = mod(k, nprocs)
    if (dest /= 0) then
      isend_shr = k
      nsent = nsent + 1
    else
      nlocal = nlocal + 1
    end if
  end do
  !$omp end parallel do
end subroutine

! Not both: the `.not.` of a test and the `.or.` that fails.
subroutine below_limit(x, n, lim)
  integer :: n, lim, k
  real :: x(n)
  !$omp parallel do
  do k = 1, n
    if (.not. (k > 1 .or. lim < 0)) then
      x(1) = lim
    end if
  end do
  !$omp end parallel do
end subroutine
