! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The same SIMD loop inside a worksharing DO without PRIVATE: the threads
! share 'g' and 's', and every thread writes them. The DO's
! data sharing decides, and the worksharing loop reports the threads' race;
! the SIMD loop itself (each lane sets them before it reads them) has
! nothing to report.
subroutine limiter_shared(nx, ny, p, visc)
  integer :: nx, ny, i, k
  real(8) :: p(0:nx+1, ny), visc(nx, ny), g, s
  !$omp parallel do
  do k = 1, ny
    !$omp simd
    do i = 1, nx
      g = p(i + 1, k) - p(i - 1, k)
      if (g < 0.0d0) then
        s = -g
        visc(i, k) = s * s
      else
        visc(i, k) = 0.0d0
      end if
    end do
  end do
  !$omp end parallel do
end subroutine
! CHECK: simd-in-do-shared-scratch.f90:15:7: warning: shared buffer 'g' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: simd-in-do-shared-scratch.f90:17:9: warning: shared buffer 's' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
