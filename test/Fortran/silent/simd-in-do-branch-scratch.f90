! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A SIMD loop inside a worksharing DO: the DO makes the temporaries private
! (no two threads share them), and each SIMD iteration sets a temporary in
! the arm of the branch that then reads it (no lane reads another's value).
! The lanes' own loop variable and a sequential DO's variable are the
! lane's as well.
subroutine flux_limiter(n, m, q, w, out)
  integer :: n, m, i, j, k
  real(8) :: q(n, m), w(n), out(n, m)
  real(8) :: d, lim, t
  !$omp parallel
  !$omp do private(d, lim, t, k)
  do j = 1, m
    !$omp simd
    do i = 2, n - 1
      d = q(i + 1, j) - q(i - 1, j)
      select case (int(sign(1.0d0, d)))
      case (1)
        lim = min(1.0d0, w(i))
        out(i, j) = lim * d
      case default
        t = 0.0d0
        do k = 1, 3
          t = t + w(i) * k
        end do
        out(i, j) = t
      end select
    end do
  end do
  !$omp end do
  !$omp end parallel
end subroutine
